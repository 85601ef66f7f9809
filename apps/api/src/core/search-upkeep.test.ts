// The search upkeep off the filing (migration 0052, decision 0060): on PostgreSQL a filing only
// queues its number, and the upkeep writes the search row after the commit. A search still
// finds what was filed before it (on both engines), the timer's rounds find a filing within
// 2 s with no search at all, and two upkeeps at once index each queued request once.
import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../test/accounts.ts';
import { describeEachEngine, it } from '../../test/engines.ts';
import { fileValidRequest, searchedIds } from '../../test/requests.ts';
import { indexQueued } from '../db/search-upkeep.ts';
import { startSearchUpkeep } from './search-upkeep.ts';

describeEachEngine('the search upkeep off the filing', (ctx) => {
  let admin: TestAccount;
  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
  });

  const found = (q: string) => searchedIds(ctx().app, admin, q);
  const queued = async () =>
    ctx().engine === 'postgres'
      ? Number((await sql<{ n: string }>`select count(*) as n from request_search_queue`.execute(ctx().db)).rows[0]?.n)
      : 0;

  it('finds a request filed the moment before, by name, phone digits and street', async () => {
    const id = await fileValidRequest(ctx().app, {
      name: 'Ubiratã Xavantes',
      phone: '(54) 93131-7070',
      address: 'Travessa Quixadá, 909',
    });
    // PostgreSQL: filed, queued, not indexed yet: the search indexes the queue first.
    if (ctx().engine === 'postgres') expect(await queued()).toBe(1);
    expect(await found('ubirata xavantes')).toEqual([id]);
    expect(await queued()).toBe(0);
    expect(await found('931317070')).toEqual([id]);
    expect(await found('quixadá, 90')).toEqual([id]);
  });

  it('indexes filings with no search at all within 2 s on the timer, then stops', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map((n) =>
        fileValidRequest(ctx().app, { name: `Iracema Zanella ${n}`, address: `Beco Quiririm, ${n}` }),
      ),
    );
    const upkeep = startSearchUpkeep(ctx().db, { intervalMs: 100 });
    try {
      if (ctx().engine === 'postgres') {
        const indexed = async () =>
          Number(
            (
              await sql<{
                n: string;
              }>`select count(*) as n from request_search where request_id in (${sql.join(ids)})`.execute(ctx().db)
            ).rows[0]?.n,
          );
        await expect.poll(indexed, { timeout: 2000, interval: 50 }).toBe(3);
        expect(await queued()).toBe(0);
      } else {
        // SQLite's FTS5 tables are kept in the filing's own transaction: no timer to start.
        expect(upkeep).toBeUndefined();
      }
    } finally {
      await upkeep?.stop();
    }
    expect((await found('zanella')).sort()).toEqual([...ids].sort());
  });
});

describeEachEngine('two search upkeeps at once', (ctx) => {
  it('index each queued request once, leaving nothing queued', async () => {
    const { db } = ctx();
    if (ctx().engine === 'sqlite') {
      // SQLite's FTS5 tables are kept by triggers: the upkeep has nothing to take.
      expect(await indexQueued(db, 100)).toBe(0);
      return;
    }
    const before = await db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // 1,200 requests queued by one statement, as a big import would.
    await sql`insert into repair_requests (name, phone, address, problem_type, latitude, longitude, company_id,
        tracking_token_hash, created_at, updated_at)
      select 'Quitéria Yamasaki ' || g, '(51) 9' || lpad(g::text, 8, '0'), 'Rua Jacarandá, ' || g, 'LIGHT_OUT',
        '-30.03', '-51.23', 1, 'hash-' || g, '2026-11-30T05:00:00.000Z', '2026-11-30T05:00:00.000Z'
      from generate_series(1, 1200) g`.execute(db);
    // Rounds of 100 from two loops at once, as two instances' timers.
    const taken = await Promise.all(
      [0, 1].map(async () => {
        let sum = 0;
        let n = 0;
        do {
          n = await indexQueued(db, 100);
          sum += n;
        } while (n > 0);
        return sum;
      }),
    );
    expect((taken[0] as number) + (taken[1] as number)).toBe(1200);
    const rows = await sql<{ n: string; distinct: string }>`select count(*) as n,
        count(distinct request_id) as distinct from request_search
      where search_name like 'quiteria yamasaki %'`.execute(db);
    expect(rows.rows.map((r) => [Number(r.n), Number(r.distinct)])).toEqual([[1200, 1200]]);
    expect(
      Number((await sql<{ n: string }>`select count(*) as n from request_search_queue`.execute(db)).rows[0]?.n),
    ).toBe(0);
    const total = await db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(total.n) - Number(before.n)).toBe(1200);
  });
});
