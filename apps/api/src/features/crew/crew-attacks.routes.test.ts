// A hostile crew account on both engines (decision 0068): another crew's stop is answered as one
// that does not exist; a cross-site write is refused; a work order cancelled while the phone was
// offline is a clear refusal; a "not ours" proposal names only another active company; `at`
// never goes before the request was filed; and the largest queue the schema allows is read.
import { beforeAll, expect } from 'vitest';
import type { TestAccount } from '../../../test/accounts.ts';
import { describeEachDay, it } from '../../../test/engines.ts';
import { fileValidRequest } from '../../../test/requests.ts';
import {
  action,
  type CrewLogin,
  countRows,
  crewAccount,
  newKey,
  officeAdmin,
  stopsByRequest,
  sync,
  workOrderFor,
} from './crew.test-support.ts';

type Stop = { id: number; requestId: number; updatedAt: string };

describeEachDay('the crew routes under attack', (ctx) => {
  let office: TestAccount;
  let crew: CrewLogin;
  let intruder: CrewLogin;

  beforeAll(async () => {
    office = await officeAdmin(ctx());
    crew = await crewAccount(ctx(), 1, 'Equipe Alvo');
    intruder = await crewAccount(ctx(), 1, 'Equipe Intrusa');
  });

  async function plannedStop(): Promise<Stop & { orderId: number }> {
    const id = await fileValidRequest(ctx().app, { company: '1' });
    const order = await workOrderFor(ctx(), office, crew, [id]);
    ctx().clock.advance(60_000);
    return { ...((await stopsByRequest(ctx(), crew)).get(id) as Stop), orderId: order.id };
  }

  it('answers another crew’s stop exactly as one that does not exist, and writes nothing', async () => {
    const stop = await plannedStop();
    const before = { actions: await countRows(ctx(), 'crewActions'), events: await countRows(ctx(), 'requestEvents') };
    const results = (
      await sync(
        ctx(),
        intruder,
        [action(ctx(), 'fix', stop), action(ctx(), 'arrive', stop), action(ctx(), 'fix', { ...stop, id: 2 ** 31 - 1 })],
        'en',
      )
    ).json().results;
    expect(results.map((r: { result: string; stop: unknown }) => [r.result, r.stop])).toEqual([
      ['refused', null],
      ['refused', null],
      ['refused', null],
    ]);
    expect(new Set(results.map((r: { message: string }) => r.message))).toEqual(
      new Set(["This stop is in none of your crew's work orders"]),
    );
    expect({ actions: await countRows(ctx(), 'crewActions'), events: await countRows(ctx(), 'requestEvents') }).toEqual(
      before,
    );
  });

  it('refuses a cross-site sync or photo with a session cookie', async () => {
    const stop = await plannedStop();
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/crew/sync',
        headers: { ...crew.headers, ...headers },
        payload: { actions: [action(ctx(), 'fix', stop)] },
      });
      expect(res.statusCode, res.body).toBe(403);
      const photo = await ctx().app.inject({
        method: 'PUT',
        url: '/api/crew/photos/chave-alheia',
        headers: { ...crew.headers, ...headers, 'content-type': 'image/png' },
        payload: Buffer.from('x'),
      });
      expect(photo.statusCode, photo.body).toBe(403);
    }
    expect(await countRows(ctx(), 'crewActions')).toBe(0);
  });

  it('refuses a photo sent as JSON, text or a form with a 4xx message, never a 5xx', async () => {
    for (const [type, payload] of [
      ['application/json', '{"a":1}'],
      ['application/json', '"texto"'],
      ['text/plain', 'texto'],
      ['application/x-www-form-urlencoded', 'a=1'],
    ] as const) {
      const res = await ctx().app.inject({
        method: 'PUT',
        url: '/api/crew/photos/foto-em-json',
        headers: { ...crew.headers, 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type}: ${res.body}`).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('refuses, never a 5xx, a fix synced after the office cancelled the work order', async () => {
    const stop = await plannedStop();
    const cancel = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/work-orders/${stop.orderId}/cancel`,
      headers: office.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await sync(ctx(), crew, [action(ctx(), 'arrive', stop), action(ctx(), 'fix', stop)], 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { result: string }) => r.result)).toEqual(['refused', 'refused']);
    expect(res.json().results[1].message).toBe("This stop is in none of your crew's work orders");
  });

  it('refuses a "not ours" proposal of the crew’s own, an inactive or an unknown company', async () => {
    const stop = await plannedStop();
    const now = ctx().clock.now().toISOString();
    const inactive = await ctx()
      .db.insertInto('energyCompanies')
      .values({ name: 'EXTINTA', fullName: 'Extinta Energia', active: 0, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const propose = (companyId: number) =>
      action(ctx(), 'not_possible', stop, { reason: 'not_ours', proposedCompanyId: companyId });
    const results = (await sync(ctx(), crew, [propose(1), propose(inactive.id), propose(999_999)], 'en')).json()
      .results;
    expect(results.map((r: { result: string }) => r.result)).toEqual(['refused', 'refused', 'refused']);
    for (const r of results) expect(r.message).toBe('Propose another, active company');
  });

  it('refuses a time before the request was filed, though on the work order’s day', async () => {
    const stop = await plannedStop();
    const filed = await ctx()
      .db.selectFrom('repairRequests')
      .select('createdAt')
      .where('id', '=', stop.requestId)
      .executeTakeFirstOrThrow();
    const early = new Date(Date.parse(filed.createdAt) - 1000).toISOString();
    const res = (await sync(ctx(), crew, [{ ...action(ctx(), 'fix', stop), at: early }], 'en')).json().results[0];
    expect(res.result).toBe('refused');
    expect(res.message).toBe("The action's time is before the work order's day or before the request was filed");
  });

  it('reads the largest queue the schema allows: 100 actions with 1,000 characters of notes each', async () => {
    const stop = await plannedStop();
    const notes = 'Ação çá '.repeat(125);
    expect(notes).toHaveLength(1000);
    const actions = Array.from({ length: 100 }, () => ({
      ...action(ctx(), 'not_possible', stop, { reason: 'no_access', notes }),
      key: newKey(),
    }));
    const res = await sync(ctx(), crew, actions, 'en');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const results = res.json().results.map((r: { result: string }) => r.result);
    expect(results[0]).toBe('applied');
    expect(results.slice(1)).toEqual(Array(99).fill('refused'));
  });
});
