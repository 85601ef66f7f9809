// The search upkeep off the filing (decisions 0060 and 0075): on PostgreSQL a filing only
// queues its number (migration 0052), on SQLite it lands above the indexed mark (0063), and the
// upkeep indexes it after the commit. A search still finds what was filed before it, the
// timer's rounds index a filing within 2 s with no search at all, a request changed or deleted
// before it is indexed is found by its new details only, and two upkeeps at once index each
// queued request once.
import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../test/accounts.ts';
import { describeEachEngine, it } from '../../test/engines.ts';
import { fileValidRequest, searchedIds } from '../../test/requests.ts';
import type { Db } from '../db/database.ts';
import { indexQueued } from '../db/search-upkeep.ts';
import { startSearchUpkeep } from './search-upkeep.ts';

type Engine = 'sqlite' | 'postgres';

/** Requests filed and not indexed yet: PostgreSQL's queue, or SQLite's above the mark. */
async function queuedCount(engine: Engine, db: Db): Promise<number> {
  const query =
    engine === 'postgres'
      ? sql<{ n: number }>`select count(*) as n from request_search_queue`
      : sql<{ n: number }>`select count(*) as n from repair_requests
          where id > (select indexed_through from search_upkeep)`;
  return Number((await query.execute(db)).rows[0]?.n);
}

/** Entries of the name index holding `word`, read from the index itself (no upkeep first), duplicates counted. */
async function indexedNames(engine: Engine, db: Db, word: string): Promise<number> {
  const query =
    engine === 'postgres'
      ? sql<{ n: number }>`select count(*) as n from request_search where search_name like ${`%${word}%`}`
      : sql<{ n: number }>`select count(*) as n from repair_requests_search_name
          where repair_requests_search_name match ${`"${word}"`}`;
  return Number((await query.execute(db)).rows[0]?.n);
}

describeEachEngine('the search upkeep off the filing', (ctx) => {
  let admin: TestAccount;
  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
  });

  const found = (q: string) => searchedIds(ctx().app, admin, q);
  const queued = () => queuedCount(ctx().engine, ctx().db);

  it('finds a request filed the moment before, by name, phone digits and street', async () => {
    const id = await fileValidRequest(ctx().app, {
      name: 'Ubiratã Xavantes',
      phone: '(54) 93131-7070',
      address: 'Travessa Quixadá, 909',
    });
    // Filed, queued, not indexed yet: the search indexes the queue first.
    expect(await queued()).toBe(1);
    expect(await found('ubirata xavantes')).toEqual([id]);
    expect(await queued()).toBe(0);
    expect(await found('931317070')).toEqual([id]);
    expect(await found('quixadá, 90')).toEqual([id]);
  });

  it('finds a request changed before it was indexed by its new details only, and never a deleted one', async () => {
    const [changed, deleted] = [
      await fileValidRequest(ctx().app, { name: 'Jandira Wolff', address: 'Rua Pitangueira, 12' }),
      await fileValidRequest(ctx().app, { name: 'Jandira Kowalski', address: 'Rua Pitangueira, 14' }),
    ];
    expect(await queued()).toBe(2);
    // As an operator's edit and the retention sweep's deletion would, before any round.
    await ctx()
      .db.updateTable('repairRequests')
      .set({ name: 'Odete Wolff', address: 'Rua Guabiroba, 12' })
      .where('id', '=', changed)
      .execute();
    await ctx().db.deleteFrom('repairRequests').where('id', '=', deleted).execute();
    expect(await found('jandira')).toEqual([]);
    expect(await found('pitangueira')).toEqual([]);
    expect(await found('odete wolff')).toEqual([changed]);
    expect(await found('guabiroba')).toEqual([changed]);
    expect(await indexedNames(ctx().engine, ctx().db, 'wolff')).toBe(1);
    // Changed again once indexed: the index follows (by trigger on SQLite, in the writer's transaction).
    await ctx().db.updateTable('repairRequests').set({ name: 'Odete Zimmer' }).where('id', '=', changed).execute();
    expect(await found('wolff')).toEqual([]);
    expect(await found('odete zimmer')).toEqual([changed]);
  });

  it('indexes filings with no search at all within 2 s on the timer, then stops', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map((n) =>
        fileValidRequest(ctx().app, { name: `Iracema Zanella ${n}`, address: `Beco Quiririm, ${n}` }),
      ),
    );
    expect(await indexedNames(ctx().engine, ctx().db, 'zanella')).toBe(0);
    const upkeep = startSearchUpkeep(ctx().db, { intervalMs: 100 });
    try {
      await expect.poll(() => indexedNames(ctx().engine, ctx().db, 'zanella'), { timeout: 2000, interval: 50 }).toBe(3);
      expect(await queued()).toBe(0);
    } finally {
      await upkeep.stop();
    }
    expect((await found('zanella')).sort()).toEqual([...ids].sort());
  });
});

describeEachEngine('two search upkeeps at once', (ctx) => {
  it('index each queued request once, leaving nothing queued', async () => {
    const { db } = ctx();
    const before = await db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // 1,200 requests queued by one statement, as a big import would.
    const columns = sql`name, phone, address, problem_type, latitude, longitude, company_id, tracking_token_hash,
      created_at, updated_at`;
    const at = '2026-11-30T05:00:00.000Z';
    await (ctx().engine === 'postgres'
      ? sql`insert into repair_requests (${columns})
          select 'Quitéria Yamasaki ' || g, '(51) 9' || lpad(g::text, 8, '0'), 'Rua Jacarandá, ' || g, 'LIGHT_OUT',
            '-30.03', '-51.23', 1, 'hash-' || g, ${at}, ${at}
          from generate_series(1, 1200) g`
      : sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < 1200)
          insert into repair_requests (${columns})
          select 'Quitéria Yamasaki ' || n, '(51) 9' || printf('%08d', n), 'Rua Jacarandá, ' || n, 'LIGHT_OUT',
            '-30.03', '-51.23', 1, 'hash-' || n, ${at}, ${at}
          from g`
    ).execute(db);
    expect(await queuedCount(ctx().engine, db)).toBe(1200);
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
    expect(await indexedNames(ctx().engine, db, 'yamasaki')).toBe(1200);
    expect(await queuedCount(ctx().engine, db)).toBe(0);
    const total = await db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(total.n) - Number(before.n)).toBe(1200);
  });
});
