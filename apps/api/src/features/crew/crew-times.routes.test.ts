// The crew's times on both engines (decision 0068): a fix synced hours later counts as done when
// the crew did it (closed_at, the history, the repair-time figures), the server's own time stays
// the row's version; `at` is refused in the future or before the order's day; photos attach.
import { expect } from 'vitest';
import type { TestAccount } from '../../../test/accounts.ts';
import { describeEachDay, it } from '../../../test/engines.ts';
import { smallPng } from '../../../test/photos.ts';
import { fileValidRequest, setStatusAsAdmin } from '../../../test/requests.ts';
import {
  action,
  again,
  type CrewLogin,
  crewAccount,
  officeAdmin,
  stopsByRequest,
  sync,
  workOrderFor,
} from './crew.test-support.ts';

const HOUR = 3_600_000;

describeEachDay('the crew’s times', (ctx) => {
  let office: TestAccount;
  let crew: CrewLogin;

  it('sets up a crew of company 2', async () => {
    office = await officeAdmin(ctx());
    crew = await crewAccount(ctx(), 2, 'Equipe Vale');
  });

  it('counts a fix synced 3 hours late at the crew’s time: closed_at, history and the repair-time report', async () => {
    const id = await fileValidRequest(ctx().app, { company: '2', problemType: 'POLE_DAMAGE' });
    const filedAt = ctx().clock.now().getTime();
    await workOrderFor(ctx(), office, crew, [id]);
    const stop = (await stopsByRequest(ctx(), crew)).get(id) as { id: number; updatedAt: string };
    // The crew fixes it an hour after filing, offline; the phone syncs three hours later.
    ctx().clock.advance(4 * HOUR);
    crew = await again(ctx(), crew);
    const at = new Date(filedAt + HOUR).toISOString();
    const res = await sync(ctx(), crew, [{ ...action(ctx(), 'fix', stop), at }]);
    expect(res.json().results[0], res.body).toMatchObject({ result: 'applied', stop: { finishedAt: at } });
    const row = await ctx()
      .db.selectFrom('repairRequests')
      .select(['closedAt', 'updatedAt', 'repairMs'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.closedAt).toBe(at);
    expect(Number(row.repairMs)).toBe(HOUR);
    expect(row.updatedAt).toBe(ctx().clock.now().toISOString());
    const event = await ctx()
      .db.selectFrom('requestEvents')
      .select(['createdAt', 'notes'])
      .where('requestId', '=', id)
      .where('toStatus', '=', 'completed')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ createdAt: at, notes: 'Consertado pela equipe Equipe Vale.' });
    // The SLA report (and the transparency page, from the same figures) read the crew's hour.
    office = await officeAdmin(ctx());
    const sla = await ctx().app.inject({
      url: '/api/admin/reports/sla?companyId=2&problemType=POLE_DAMAGE',
      headers: office.headers,
    });
    expect(sla.statusCode, sla.body).toBe(200);
    const group = sla.json().rows.find((r: { companyId: number }) => r.companyId === 2);
    expect(group).toMatchObject({ medianSeconds: 3600 });
  });

  it('refuses a time in the future beyond 2 minutes, or before the work order’s day', async () => {
    const id = await fileValidRequest(ctx().app, { company: '2' });
    await workOrderFor(ctx(), office, crew, [id]);
    const stop = (await stopsByRequest(ctx(), crew)).get(id) as { id: number; updatedAt: string };
    const now = ctx().clock.now().getTime();
    const results = (
      await sync(
        ctx(),
        crew,
        [
          { ...action(ctx(), 'arrive', stop), at: new Date(now + 3 * 60_000).toISOString() },
          { ...action(ctx(), 'arrive', stop), at: new Date(now - 3 * 86_400_000).toISOString() },
          { ...action(ctx(), 'arrive', stop), at: new Date(now + 60_000).toISOString() },
        ],
        'en',
      )
    ).json().results;
    expect(results.map((r: { result: string }) => r.result)).toEqual(['refused', 'refused', 'applied']);
    expect(results[0].message).toBe("The action's time is in the future: check the phone's clock");
    expect(results[1].message).toContain('before the work order’s day'.replace('’', "'"));
  });

  it('refuses a fix timed before the request was reopened, so closed_at never precedes the reopen', async () => {
    const id = await fileValidRequest(ctx().app, { company: '2' });
    await workOrderFor(ctx(), office, crew, [id]);
    const stop = (await stopsByRequest(ctx(), crew)).get(id) as { id: number; updatedAt: string };
    // The crew fixes it offline; meanwhile the office completes it and then reopens it.
    const tappedAt = ctx().clock.now().toISOString();
    ctx().clock.advance(60_000);
    await setStatusAsAdmin(ctx(), id, 'completed');
    ctx().clock.advance(60_000);
    await setStatusAsAdmin(ctx(), id, 'open');
    ctx().clock.advance(60_000);
    crew = await again(ctx(), crew);
    // "Enviar mesmo assim" after the conflict: the request as it is now, the street's time kept.
    const seen = (await stopsByRequest(ctx(), crew)).get(id) as { id: number; updatedAt: string };
    const late = await sync(ctx(), crew, [{ ...action(ctx(), 'fix', seen), at: tappedAt }], 'en');
    expect(late.json().results[0]).toMatchObject({ result: 'refused' });
    expect(late.json().results[0].message).toContain('before the request was reopened');
    const row = await ctx()
      .db.selectFrom('repairRequests')
      .select(['status', 'closedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'open', closedAt: null });
    const now = await sync(ctx(), crew, [action(ctx(), 'fix', seen)]);
    expect(now.json().results[0]).toMatchObject({ result: 'applied', stop: { id: stop.id, outcome: 'fixed' } });
  });

  it('attaches the crew’s own uploaded photos to the fix, and refuses a key it never uploaded', async () => {
    const id = await fileValidRequest(ctx().app, { company: '2' });
    await workOrderFor(ctx(), office, crew, [id]);
    const stop = (await stopsByRequest(ctx(), crew)).get(id) as { id: number; updatedAt: string };
    const other = await crewAccount(ctx(), 2, 'Equipe Outra');
    const png = await smallPng();
    for (const [who, key] of [
      [crew, 'poste-antes'],
      [other, 'poste-alheio'],
    ] as const) {
      const put = await ctx().app.inject({
        method: 'PUT',
        url: `/api/crew/photos/${key}`,
        headers: { ...who.headers, 'content-type': 'image/png' },
        payload: png,
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const foreign = await sync(ctx(), crew, [
      action(ctx(), 'fix', stop, { photoKeys: ['poste-antes', 'poste-alheio'] }),
    ]);
    expect(foreign.json().results[0]).toMatchObject({ result: 'refused' });
    expect(foreign.json().results[0].message).toContain('poste-alheio');
    const ok = await sync(ctx(), crew, [action(ctx(), 'fix', stop, { photoKeys: ['poste-antes'] })]);
    expect(ok.json().results[0].result).toBe('applied');
    const photo = await ctx()
      .db.selectFrom('crewPhotos')
      .select('stopId')
      .where('photoKey', '=', 'poste-antes')
      .executeTakeFirst();
    expect(photo?.stopId).toBe(stop.id);
  });
});
