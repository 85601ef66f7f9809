// The dispatch board through the API on both engines (issue 37): a day's crews with their work
// orders counted (fixed, not possible, pending, late), first arrival and last finish, the idle
// crews, and the company scope. Outcomes are written into the stops as the crew's app records them.
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachDay, it } from '../../../test/engines.ts';
import { fileValidRequest } from '../../../test/requests.ts';

const DAY = '2026-12-10';
const at = (time: string) => `${DAY}T${time}:00.000Z`;

describeEachDay('dispatch board', (ctx) => {
  let admin: TestAccount;
  let operatorA: TestAccount;
  let operatorB: TestAccount;
  const get = (account: TestAccount, url: string, lang = 'pt') =>
    ctx().app.inject({ method: 'GET', url, headers: { ...account.headers, 'accept-language': lang } });
  const crewOf = async (companyId: number, name: string): Promise<number> => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/crews',
      payload: { companyId, name },
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };
  /** A work order of `count` new requests of the crew's company; answers its id and stop ids in order. */
  const orderOf = async (crewId: number, company: number, count: number) => {
    const requestIds: number[] = [];
    for (let i = 0; i < count; i++) requestIds.push(await fileValidRequest(ctx().app, { company: String(company) }));
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/work-orders',
      payload: { crewId, day: DAY, requestIds },
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as { id: number; stops: { id: number; requestId: number }[] };
    return { id: order.id, stops: order.stops };
  };
  const due = (requestId: number, dueAt: string) =>
    ctx().db.updateTable('repairRequests').set({ dueAt }).where('id', '=', requestId).execute();
  const record = (stopId: number, values: { arrivedAt?: string; finishedAt?: string; outcome?: string }) =>
    ctx().db.updateTable('workOrderStops').set(values).where('id', '=', stopId).execute();

  let alfa: number;
  let beta: number;
  let gama: number;
  let order: Awaited<ReturnType<typeof orderOf>>;
  let cancelled: number;

  it('sets up two companies’ crews and a day of work', async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    operatorA = await signedIn(ctx(), { role: 'user', companyIds: [1] });
    operatorB = await signedIn(ctx(), { role: 'user', companyIds: [2] });
    alfa = await crewOf(1, 'Equipe Alfa');
    beta = await crewOf(1, 'Equipe Beta');
    gama = await crewOf(2, 'Equipe Gama');
    order = await orderOf(alfa, 1, 4);
    const [late, fixed, refused, pending] = order.stops as [
      (typeof order.stops)[number],
      (typeof order.stops)[number],
      (typeof order.stops)[number],
      (typeof order.stops)[number],
    ];
    // Not finished, due long ago: late. Fixed before its due time: not late.
    await due(late.requestId, '2020-01-01T00:00:00.000Z');
    await due(fixed.requestId, '2099-01-01T00:00:00.000Z');
    await record(fixed.id, { arrivedAt: at('08:05'), finishedAt: at('08:35'), outcome: 'fixed' });
    // Finished after its due time: late, though done.
    await due(refused.requestId, at('08:00'));
    await record(refused.id, { arrivedAt: at('08:50'), finishedAt: at('09:10'), outcome: 'not_possible' });
    await due(pending.requestId, '2099-01-01T00:00:00.000Z');
    // A cancelled order's stops count in neither the crew's figures nor its lateness.
    const other = await orderOf(alfa, 1, 1);
    await due((other.stops[0] as { requestId: number }).requestId, '2020-01-01T00:00:00.000Z');
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/work-orders/${other.id}/cancel`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    cancelled = other.id;
    await orderOf(gama, 2, 2);
  });

  it("counts each crew's stops: fixed, not possible, pending, late, first arrival and last finish", async () => {
    const res = await get(operatorA, `/api/admin/work-orders/board?day=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json();
    expect(board.day).toBe(DAY);
    expect(board.crews).toHaveLength(1);
    expect(board.crews[0]).toMatchObject({
      id: alfa,
      name: 'Equipe Alfa',
      companyId: 1,
      active: true,
      stops: 4,
      fixed: 1,
      notPossible: 1,
      pending: 2,
      late: 2,
      firstArrival: at('08:05'),
      lastFinish: at('09:10'),
    });
    expect(board.crews[0].workOrders).toEqual([
      expect.objectContaining({
        id: order.id,
        state: 'planned',
        stops: 4,
        fixed: 1,
        notPossible: 1,
        pending: 2,
        late: 2,
      }),
      expect.objectContaining({ id: cancelled, state: 'cancelled', stops: 1, pending: 1, late: 0, firstArrival: null }),
    ]);
    // Beta has no work order that day; Gama is another company's.
    expect(board.idle).toEqual([
      { id: beta, name: 'Equipe Beta', companyId: 1, companyName: board.crews[0].companyName },
    ]);
  });

  it('keeps each company to itself: an operator of B sees nothing of A, an admin may choose the company', async () => {
    const b = (await get(operatorB, `/api/admin/work-orders/board?day=${DAY}`)).json();
    expect(b.crews.map((c: { id: number }) => c.id)).toEqual([gama]);
    expect(b.crews[0]).toMatchObject({ stops: 2, pending: 2, fixed: 0, lastFinish: null });
    expect(b.idle).toEqual([]);
    // Asking for company 1 by its id changes nothing for B's operator.
    const asked = (await get(operatorB, `/api/admin/work-orders/board?day=${DAY}&companyId=1`)).json();
    expect(asked).toEqual({ day: DAY, crews: [], idle: [] });
    const all = (await get(admin, `/api/admin/work-orders/board?day=${DAY}`)).json();
    expect(all.crews.map((c: { id: number }) => c.id).sort()).toEqual([alfa, gama].sort());
    const two = (await get(admin, `/api/admin/work-orders/board?day=${DAY}&companyId=2`)).json();
    expect(two.crews.map((c: { id: number }) => c.id)).toEqual([gama]);
    const empty = (await get(operatorA, '/api/admin/work-orders/board?day=2026-12-11')).json();
    expect(empty.crews).toEqual([]);
    expect(empty.idle.map((c: { id: number }) => c.id).sort()).toEqual([alfa, beta].sort());
  });

  it('answers a bad day with a clear 400 in the reader’s language, and nobody signed in with a 401', async () => {
    const en = await get(admin, '/api/admin/work-orders/board?day=2026-02-30', 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('Enter the day as YYYY-MM-DD');
    const pt = await get(admin, '/api/admin/work-orders/board');
    expect(pt.statusCode).toBe(400);
    expect(pt.json().message).toBe('Informe o dia como AAAA-MM-DD');
    expect((await ctx().app.inject({ url: `/api/admin/work-orders/board?day=${DAY}` })).statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx().app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/work-orders/board',
        '/api/admin/work-orders/report',
        '/api/admin/work-orders/report.csv',
        '/api/admin/work-orders/report.pdf',
      ]),
    );
  });
});
