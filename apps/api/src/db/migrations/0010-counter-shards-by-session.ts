// Counter shards by writer, not by request (PostgreSQL, issue 10). With shard = id % 8, a
// batch of consecutive requests touches every shard of its company × status, so two
// concurrent batches always wait on each other's counter rows until commit. With the
// writing session's own shard (pg_backend_pid() % 8) concurrent writers rarely share a
// row. A shard is only a part of a sum: a change may add to or take from any shard (one
// may go below zero), and the sum over shards stays exact. SQLite has one writer: unchanged.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

const SHARDS = 8;

const apply = (deltas: string) => `
    insert into request_counters as c (company_id, status, shard, n)
      select company_id, status, shard, sum(d) from (${deltas}) x
      group by company_id, status, shard having sum(d) <> 0
      order by company_id, status, shard
    on conflict (company_id, status, shard) do update set n = c.n + excluded.n;`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
async function define(db: Kysely<any>, shard: string): Promise<void> {
  const rows = (table: string, sign: string) =>
    `select company_id, status, ${shard} as shard, ${sign}1 as d from ${table}`;
  const fn = (name: string, body: string) =>
    sql
      .raw(
        `create or replace function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
      )
      .execute(db);
  await fn('acende_count_inserted', apply(rows('new_rows', '')));
  await fn('acende_count_deleted', apply(rows('old_rows', '-')));
  await fn('acende_count_updated', apply(`${rows('old_rows', '-')} union all ${rows('new_rows', '')}`));
}

// biome-ignore lint/suspicious/noExplicitAny: see define()
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await define(db, `pg_backend_pid() % ${SHARDS}`);
}

// biome-ignore lint/suspicious/noExplicitAny: see define()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await define(db, `id % ${SHARDS}`);
}
