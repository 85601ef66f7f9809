import { REQUEST_STATUSES } from '@acende/shared/enums';
import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { createDatabase } from '../../db/database.ts';
import { seedRequests } from '../../db/seed-requests.ts';

// The dashboard counts come from counters kept by triggers (migration 0006). Here many
// writers change requests at once (creates, operators' updates, raw status and company
// changes on other connections, deletes) and the counters must equal a real count(*).
describeEachEngine('request counters under concurrent writes', (ctx) => {
  let admin: TestAccount;
  let scoped: TestAccount;

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    scoped = await signedIn(ctx(), { role: 'user', companyIds: [2, 3] });
    await seedRequests(ctx().db, { count: 300, now: ctx().clock.now(), seed: 7 });
  });

  const realCounts = async () =>
    (
      await ctx()
        .db.selectFrom('repairRequests')
        .select(['companyId', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['companyId', 'status'])
        .execute()
    ).map((r) => ({ companyId: r.companyId, status: r.status, n: Number(r.n) }));

  const expectCountsMatch = async () => {
    const real = await realCounts();
    const total = (filter: (r: { companyId: number; status: string }) => boolean) =>
      real.filter(filter).reduce((sum, r) => sum + r.n, 0);
    const counts = await ctx().app.inject({ url: '/api/admin/repair-requests/counts', headers: admin.headers });
    expect(counts.json()).toEqual({
      total: total(() => true),
      ...Object.fromEntries(REQUEST_STATUSES.map((s) => [s, total((r) => r.status === s)])),
    });
    const mine = await ctx().app.inject({ url: '/api/admin/repair-requests/counts', headers: scoped.headers });
    expect(mine.json().total).toBe(total((r) => r.companyId !== 1));
    expect(mine.json().open).toBe(total((r) => r.companyId !== 1 && r.status === 'open'));
    const byCompany = await ctx().app.inject({
      url: '/api/admin/repair-requests/counts/company',
      headers: admin.headers,
    });
    for (const entry of byCompany.json()) {
      for (const status of REQUEST_STATUSES) {
        expect(entry[status], `${entry.companyId} ${status}`).toBe(
          total((r) => r.companyId === entry.companyId && r.status === status),
        );
      }
    }
    // The list's unfiltered total and its company/status totals come from the counters too.
    const list = await ctx().app.inject({
      url: '/api/admin/repair-requests?status=in_progress&companyId=2',
      headers: admin.headers,
    });
    expect(list.json().total).toBe(total((r) => r.companyId === 2 && r.status === 'in_progress'));
    return real;
  };

  it('matches count(*) after the seed', async () => {
    const real = await expectCountsMatch();
    expect(real.reduce((sum, r) => sum + r.n, 0)).toBe(300);
  });

  it('stays exact while creates, updates, company moves and deletes race on many connections', async () => {
    const other = createDatabase(ctx().config.DATABASE_URL, { poolSize: 12 });
    const postgres = ctx().engine === 'postgres';
    try {
      const ids = (await ctx().db.selectFrom('repairRequests').select('id').orderBy('id').execute()).map((r) => r.id);
      const hot = ids.slice(0, 12);
      const pick = <T>(items: readonly T[], i: number) => items[i % items.length] as T;
      const jobs: Promise<unknown>[] = [];
      for (let i = 0; i < 80; i++) {
        // Operators' updates through the API (a stale one answers 409 and changes nothing).
        jobs.push(
          (async () => {
            const id = pick(hot, i * 7);
            const read = await ctx().app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers });
            const res = await ctx().app.inject({
              method: 'PATCH',
              url: `/api/admin/repair-requests/${id}`,
              headers: admin.headers,
              payload: { status: pick(REQUEST_STATUSES, i), updatedAt: read.json().updatedAt },
            });
            expect([200, 409]).toContain(res.statusCode);
          })(),
        );
        // Raw writes on other connections (PostgreSQL: really at the same time).
        const target = postgres ? other : ctx().db;
        jobs.push(
          target
            .updateTable('repairRequests')
            .set({ status: pick(REQUEST_STATUSES, i + 1) })
            .where('id', '=', pick(hot, i * 5))
            .execute(),
        );
        if (i % 4 === 0) {
          jobs.push(
            target
              .updateTable('repairRequests')
              .set({ companyId: pick([1, 2, 3], i), status: pick(REQUEST_STATUSES, i + 2) })
              .where('id', 'in', [pick(hot, i), pick(ids, i * 13 + 40)])
              .execute(),
          );
        }
        if (i % 3 === 0) {
          jobs.push(
            ctx().app.inject({
              method: 'POST',
              url: '/api/repair-requests',
              payload: {
                name: `Concorrente ${i}`,
                phone: '(51) 99999-0000',
                address: `Rua da Concorrência, ${i}`,
                problemType: 'LIGHT_OUT',
                latitude: '-30.03',
                longitude: '-51.23',
                company: String(pick([1, 2, 3], i)),
              },
            }),
          );
        }
        if (i % 8 === 0) {
          jobs.push(
            target
              .deleteFrom('repairRequests')
              .where('id', '=', pick(ids, 200 + i))
              .execute(),
          );
        }
      }
      const results = await Promise.allSettled(jobs);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      await other.destroy();
    }
    const real = await expectCountsMatch();
    expect(real.reduce((sum, r) => sum + r.n, 0)).toBe(300 + 27 - 10);
  });

  it('keeps the counters when a whole batch changes in one statement', async () => {
    await sql`update repair_requests set status = 'completed' where id % 3 = 0`.execute(ctx().db);
    await expectCountsMatch();
    await ctx().db.deleteFrom('repairRequests').where('status', '=', 'cancelled').execute();
    const real = await expectCountsMatch();
    expect(real.some((r) => r.status === 'cancelled')).toBe(false);
  });
});
