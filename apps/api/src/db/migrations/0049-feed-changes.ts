// The open-data feed's change counter (issue 33, decisions 0039 and 0044): every statement that
// writes requests or companies bumps a counter in its own transaction, so a write that commits
// late (its updated_at older than the newest) still changes the feed's version. Sixteen shards
// keep concurrent writers from waiting on one row: on PostgreSQL by connection, on SQLite (one
// writer) by the row's id. The version reads their sum.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

const SHARDS = 16;
const TABLES = ['repair_requests', 'energy_companies'];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table feed_changes (shard integer primary key, n bigint not null)`.execute(db);
  const shards = Array.from({ length: SHARDS }, (_, i) => `(${i}, 0)`).join(', ');
  await sql.raw(`insert into feed_changes (shard, n) values ${shards}`).execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`create function bump_feed_changes() returns trigger language plpgsql as $$
      begin
        update feed_changes set n = n + 1 where shard = pg_backend_pid() % ${sql.raw(String(SHARDS))};
        return null;
      end $$`.execute(db);
    for (const table of TABLES) {
      await sql
        .raw(
          `create trigger ${table}_feed_changes after insert or update or delete on ${table}
           for each statement execute function bump_feed_changes()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ]) {
      await sql
        .raw(
          `create trigger ${table}_feed_changes_${event} after ${event} on ${table}
           begin update feed_changes set n = n + 1 where shard = ${row}.id % ${SHARDS}; end`,
        )
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    if (dialectOf(db) === 'postgres') await sql.raw(`drop trigger ${table}_feed_changes on ${table}`).execute(db);
    else
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger ${table}_feed_changes_${event}`).execute(db);
  }
  if (dialectOf(db) === 'postgres') await sql`drop function bump_feed_changes()`.execute(db);
  await sql`drop table feed_changes`.execute(db);
}
