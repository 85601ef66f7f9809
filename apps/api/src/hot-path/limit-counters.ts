// The limits' counters in PostgreSQL, shared by every instance on the database (decision
// 0014): the requests counted in one turn of the event loop go as one statement.
import type pg from 'pg';
import { type LimitStore, type NamedLimit, PACE_MAX_AHEAD_INTERVALS } from '../lib/limit-store.ts';
import { batcher } from './batching.ts';

// The database's clock decides windows and slots, so instances whose clocks differ agree.
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

// One statement for every request counted in one turn of the event loop: each (limit,
// client) once, with how many requests it adds; answers the new counts. Rows are taken in
// (name, key) order, so two batches that overlap (this instance's two at a time, or another
// instance's) lock their shared rows in the same order and wait instead of deadlocking,
// which PostgreSQL would end by failing one of them (a 503 to its clients). A client's window
// opens with its first request, as in memory (windows aligned to the clock would give a
// burst across a boundary twice the limit); an ended window starts again, and so does one
// ending more than a whole window and a minute from now (the database's clock went back:
// issue 39; the minute covers statements that read the clock earlier and waited on the row).
const HIT_SQL = `with now as (select ${NOW_MS} as ms),
up as (
  insert into limit_counters as c (name, key, window_end, count)
  select t.name, t.key, now.ms + t.window_ms, t.hits
  from unnest($1::text[], $2::text[], $3::bigint[], $4::int[]) as t(name, key, window_ms, hits), now
  order by t.name collate "C", t.key collate "C"
  on conflict (name, key) do update set
    count = case when c.window_end <= (select ms from now) or c.window_end > excluded.window_end + 60000
      then excluded.count else c.count + excluded.count end,
    window_end = case when c.window_end <= (select ms from now) or c.window_end > excluded.window_end + 60000
      then excluded.window_end else c.window_end end
  returning c.name, c.key, c.window_end, c.count
)
select up.name, up.key, up.count, up.window_end - now.ms as left_ms from up, now`;

const RESERVE_SQL = `with now as (select ${NOW_MS} as ms),
up as (
  insert into limit_paces as p (name, next_at) select $1, now.ms + $2::bigint from now
  on conflict (name) do update set next_at = greatest(
    case when p.next_at - excluded.next_at > $2::bigint * ${PACE_MAX_AHEAD_INTERVALS} then 0 else p.next_at end,
    excluded.next_at - $2::bigint) + $2::bigint
  returning p.next_at
)
select up.next_at - $2::bigint - now.ms as wait_ms from up, now`;

// Ended windows go; a row a batch holds is skipped (swept next time) rather than waited on,
// so the sweep never takes part in a deadlock.
const SWEEP_SQL = `delete from limit_counters where (name, key) in (
  select name, key from limit_counters where window_end < ${NOW_MS} for update skip locked)`;
const SWEEP_EVERY_MS = 60_000;

interface Hit {
  limit: NamedLimit;
  key: string;
}

/** Counters in PostgreSQL, shared by every instance on the database. */
export function postgresLimitStore(pool: pg.Pool): LimitStore {
  const count = batcher<Hit, number>(
    async (hits) => {
      // Each (limit, client) goes once, with its number of requests; the i-th of them got the
      // count before the batch plus i.
      const groups = new Map<string, { limit: NamedLimit; key: string; hits: number }>();
      const order = hits.map(({ limit, key }) => {
        const id = `${limit.name}\u0000${key}`;
        const group = groups.get(id) ?? { limit, key, hits: 0 };
        group.hits += 1;
        groups.set(id, group);
        return { id, nth: group.hits };
      });
      const list = [...groups.values()];
      const { rows } = await pool.query<{ name: string; key: string; count: number; left_ms: number }>({
        name: 'limit-hit',
        text: HIT_SQL,
        values: [
          list.map((g) => g.limit.name),
          list.map((g) => g.key),
          list.map((g) => g.limit.timeWindow),
          list.map((g) => g.hits),
        ],
      });
      const after = new Map(rows.map((row) => [`${row.name}\u0000${row.key}`, row]));
      return order.map(({ id, nth }) => {
        const row = after.get(id);
        const group = groups.get(id);
        if (!row || !group) return { ok: false, error: new Error('limit counter not returned') };
        const mine = row.count - group.hits + nth;
        return { ok: true, value: mine > group.limit.max ? Math.max(1, Number(row.left_ms)) : 0 };
      });
    },
    // Under load batches grow rather than multiply: the pool keeps room for the requests' own work.
    { concurrency: 2 },
  );
  const sweeper = setInterval(() => {
    pool.query(SWEEP_SQL).catch(() => {});
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    kind: 'postgres',
    hit: (limit, key) => count({ limit, key }),
    async reserve(name, intervalMs) {
      const { rows } = await pool.query<{ wait_ms: string | number }>({
        name: 'limit-reserve',
        text: RESERVE_SQL,
        values: [name, intervalMs],
      });
      return Math.max(0, Number(rows[0]?.wait_ms ?? 0));
    },
    ready: async () => {},
    close: async () => clearInterval(sweeper),
  };
}
