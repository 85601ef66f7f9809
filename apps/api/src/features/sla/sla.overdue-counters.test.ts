// The overdue counts (migration 0039) stay exact through every kind of write, on both engines:
// after each step, countOverdueByCompany() equals a plain count of the requests being worked on
// whose due time has passed, across the day boundary its counters split on.
import { sql } from 'kysely';
import { expect } from 'vitest';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { countOverdueByCompany } from '../../core/deadlines.repository.ts';

const NOW = '2026-06-10T12:00:00.000Z';

async function plainCounts(ctx: TestContext, scope: number[] | null) {
  let q = ctx.db
    .selectFrom('repairRequests')
    .select(['companyId', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('status', 'in', ['open', 'in_progress'])
    .where('dueAt', '<', NOW)
    .groupBy('companyId');
  if (scope) q = q.where('companyId', 'in', scope);
  const rows = await q.execute();
  return Object.fromEntries(rows.map((r) => [r.companyId, Number(r.count)]));
}

async function counted(ctx: TestContext, scope: number[] | null) {
  const rows = await countOverdueByCompany(ctx.db, scope, NOW);
  return Object.fromEntries(rows.filter((r) => r.count !== 0).map((r) => [r.companyId, r.count]));
}

let n = 0;
async function file(ctx: TestContext, companyId: number, status: string, dueAt: string | null) {
  n++;
  const row = await ctx.db
    .insertInto('repairRequests')
    .values({
      name: `Pessoa ${n}`,
      phone: '(51) 99999-0000',
      address: `Rua ${n}`,
      problemType: 'LIGHT_OUT',
      latitude: '-30.03',
      longitude: '-51.22',
      companyId,
      status,
      trackingTokenHash: `due-count-${n}`,
      createdAt: '2026-06-01T12:00:00.000Z',
      updatedAt: '2026-06-01T12:00:00.000Z',
      ...(dueAt ? { dueAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachEngine('overdue counts by company (due-day counters)', (ctx) => {
  it('equal a plain count after filings, status changes, transfers, due-time moves and deletions', async () => {
    const c = ctx();
    const check = async (expected: Record<number, number>) => {
      expect(await counted(c, null)).toEqual(expected);
      expect(await plainCounts(c, null)).toEqual(expected);
      expect(await counted(c, [2])).toEqual(await plainCounts(c, [2]));
    };
    const days3 = await file(c, 1, 'open', '2026-06-07T08:00:00.000Z');
    const days2 = await file(c, 1, 'in_progress', '2026-06-08T23:59:59.999Z');
    const earlyToday = await file(c, 2, 'open', '2026-06-10T00:00:00.000Z');
    const laterToday = await file(c, 2, 'open', '2026-06-10T12:00:00.001Z');
    await file(c, 2, 'open', '2026-06-11T01:00:00.000Z');
    await file(c, 3, 'completed', '2026-06-01T13:00:00.000Z');
    await file(c, 3, 'cancelled', '2026-06-01T13:00:00.000Z');
    // Due time from the target in force, by the insert trigger (created 1 June: long past).
    const byTrigger = await file(c, 3, 'open', null);
    await check({ 1: 2, 2: 1, 3: 1 });

    await c.db.updateTable('repairRequests').set({ status: 'completed' }).where('id', '=', days3).execute();
    await check({ 1: 1, 2: 1, 3: 1 });
    await c.db.updateTable('repairRequests').set({ status: 'open' }).where('id', '=', days3).execute();
    await check({ 1: 2, 2: 1, 3: 1 });
    await c.db.updateTable('repairRequests').set({ companyId: 2 }).where('id', '=', days2).execute();
    await check({ 1: 1, 2: 2, 3: 1 });
    // Moved forward past now (a pause), then back into yesterday.
    await c.db
      .updateTable('repairRequests')
      .set({ dueAt: '2026-06-12T00:00:00.000Z' })
      .where('id', '=', earlyToday)
      .execute();
    await check({ 1: 1, 2: 1, 3: 1 });
    await c.db
      .updateTable('repairRequests')
      .set({ dueAt: '2026-06-09T10:00:00.000Z' })
      .where('id', '=', laterToday)
      .execute();
    await check({ 1: 1, 2: 2, 3: 1 });
    // Several rows in one statement (the bulk change), then a deletion.
    await c.db
      .updateTable('repairRequests')
      .set({ status: 'in_progress' })
      .where('status', '=', 'open')
      .where('companyId', 'in', [1, 2])
      .execute();
    await check({ 1: 1, 2: 2, 3: 1 });
    await c.db.deleteFrom('repairRequests').where('id', '=', byTrigger).execute();
    await check({ 1: 1, 2: 2 });
    // An update that touches none of the counted columns changes nothing.
    await c.db.updateTable('repairRequests').set({ name: 'Outra' }).execute();
    await check({ 1: 1, 2: 2 });
    const stored = await c.db
      .selectFrom('requestDueCounters')
      .select(sql<string | number>`sum(n)`.as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.total)).toBe(5);
  });
});
