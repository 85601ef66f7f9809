// The crowd on the crew's sync, on both engines (decision 0068): two phones of one crew fixing
// the same stop at once under different keys, one photo named by fixes of two stops at once,
// and a request transferred out of an open work order (its stop a conflict for the crew, the
// request free for the new company's crews and never fixed through the old stop again).
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { configureSmtp, fileRequest } from '../../../test/email.ts';
import { describeEachDay, it } from '../../../test/engines.ts';
import { smallPng } from '../../../test/photos.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { changeRequest } from '../../../test/webhooks.ts';
import { action, type CrewLogin, crewAccount, stopsByRequest, sync, workOrderFor } from './crew.test-support.ts';

type Stop = { id: number; requestId: number; updatedAt: string };

describeEachDay('the crew’s sync under a crowd', (ctx) => {
  let office: TestAccount;
  let crew: CrewLogin;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    office = await configureSmtp(ctx(), smtp);
    crew = await crewAccount(ctx(), 1, 'Equipe Multidão');
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** A request of company 1 (with an e-mail) in a new work order of the crew, as its phone has it. */
  async function plannedStop(): Promise<Stop> {
    const { id } = await fileRequest(ctx());
    await workOrderFor(ctx(), office, crew, [id]);
    ctx().clock.advance(60_000);
    return (await stopsByRequest(ctx(), crew)).get(id) as Stop;
  }

  const completions = async (requestId: number) =>
    (
      await ctx()
        .db.selectFrom('requestEvents')
        .select('id')
        .where('requestId', '=', requestId)
        .where('toStatus', '=', 'completed')
        .execute()
    ).length;

  it('lets one of two phones of the crew fix a stop sent at once under different keys: one completion, one e-mail', async () => {
    const phone2 = {
      ...crew,
      ...(await signedIn(ctx(), { role: 'crew', crewId: crew.crewId, companyIds: [crew.companyId] })),
    };
    const stop = await plannedStop();
    const emails = async () =>
      (
        await ctx()
          .db.selectFrom('emailOutbox')
          .select('id')
          .where('requestId', '=', stop.requestId)
          .where('kind', '=', 'status_update')
          .execute()
      ).length;
    const answers = await Promise.all([
      sync(ctx(), crew, [action(ctx(), 'fix', stop, { notes: 'Telefone 1' })], 'en'),
      sync(ctx(), phone2, [action(ctx(), 'fix', stop, { notes: 'Telefone 2' })], 'en'),
    ]);
    const results = answers.map((res) => res.json().results[0]);
    expect(results.map((r) => r.result).sort()).toEqual(['applied', 'refused']);
    expect(results.find((r) => r.result === 'refused').message).toBe('This stop is already finished');
    expect(await completions(stop.requestId)).toBe(1);
    expect(await emails()).toBe(1);
    const kept = await ctx().db.selectFrom('crewActions').select('id').where('stopId', '=', stop.id).execute();
    expect(kept).toHaveLength(1);
  });

  it('attaches a photo to one stop only when two fixes of two stops name it at once', async () => {
    const [a, b] = [await plannedStop(), await plannedStop()];
    const put = await ctx().app.inject({
      method: 'PUT',
      url: '/api/crew/photos/poste-disputado',
      headers: { ...crew.headers, 'content-type': 'image/png' },
      payload: await smallPng(),
    });
    expect(put.statusCode, put.body).toBe(200);
    const answers = await Promise.all(
      [a, b].map((stop) => sync(ctx(), crew, [action(ctx(), 'fix', stop, { photoKeys: ['poste-disputado'] })], 'en')),
    );
    const results = answers.map((res) => res.json().results[0]);
    expect(results.map((r) => r.result).sort()).toEqual(['applied', 'refused']);
    const refused = results.find((r) => r.result === 'refused');
    expect(refused.message).toBe('This photo is already on another stop: poste-disputado');
    const winner = [a, b][results.findIndex((r) => r.result === 'applied')] as Stop;
    const loser = [a, b][results.findIndex((r) => r.result === 'refused')] as Stop;
    const photo = await ctx()
      .db.selectFrom('crewPhotos')
      .select('stopId')
      .where('photoKey', '=', 'poste-disputado')
      .executeTakeFirstOrThrow();
    expect(photo.stopId).toBe(winner.id);
    expect(await completions(loser.requestId)).toBe(0);
  });

  it('answers a conflict at a stop whose request was transferred out, frees the request, never fixes it there again', async () => {
    const other = await crewAccount(ctx(), 2, 'Equipe Certel');
    const stop = await plannedStop();
    await changeRequest(ctx(), office, stop.requestId, { companyId: 2, reason: 'Rede da Certel' }, '/transfer');
    const moved = (await sync(ctx(), crew, [action(ctx(), 'fix', stop)])).json().results[0];
    expect(moved).toMatchObject({ result: 'conflict', stop: { inScope: false, outcome: null } });
    // The new company's supervisor plans it for its own crew.
    const planned = await workOrderFor(ctx(), office, other, [stop.requestId]);
    expect(planned.stops.map((s) => s.requestId)).toEqual([stop.requestId]);
    // Back to the first company: the old stop is no longer the way to fix it.
    await changeRequest(ctx(), office, stop.requestId, { companyId: 1, reason: 'Era nossa' }, '/transfer');
    const now = (
      await ctx().app.inject({ url: `/api/admin/repair-requests/${stop.requestId}`, headers: office.headers })
    ).json().updatedAt;
    const again = (await sync(ctx(), crew, [action(ctx(), 'fix', { ...stop, updatedAt: now })])).json().results[0];
    expect(again.result).toBe('conflict');
    expect(await completions(stop.requestId)).toBe(0);
  });

  it('finishes an order whose other request was transferred away once the crew has done the rest', async () => {
    const kept = await fileRequest(ctx());
    const leaving = await fileRequest(ctx());
    const order = await workOrderFor(ctx(), office, crew, [kept.id, leaving.id]);
    ctx().clock.advance(60_000);
    const stops = await stopsByRequest(ctx(), crew);
    await changeRequest(ctx(), office, leaving.id, { companyId: 2, reason: 'Rede da Certel' }, '/transfer');
    const fixed = (await sync(ctx(), crew, [action(ctx(), 'fix', stops.get(kept.id) as Stop)])).json().results[0];
    expect(fixed.result).toBe('applied');
    const row = await ctx().db.selectFrom('workOrders').select('state').where('id', '=', order.id).executeTakeFirst();
    expect(row?.state).toBe('done');
  });
});
