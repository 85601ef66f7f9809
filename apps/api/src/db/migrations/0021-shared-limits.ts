// The limits every instance shares on PostgreSQL (decision 0002 §22, decision 0014): one row per
// (limit, client) counting its requests in the window it opened, and one row per paced upstream holding when
// its next call may start. Unlogged: a counter lost in a crash only forgives a window, and
// skipping the write-ahead log keeps the public calls' extra statement cheap. SQLite (one
// process) keeps both in memory and gets no tables.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create unlogged table limit_counters (
    name text not null,
    key text not null,
    window_end bigint not null,
    count integer not null,
    primary key (name, key)
  )`.execute(db);
  await sql`create unlogged table limit_paces (
    name text primary key,
    next_at bigint not null
  )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop table limit_paces`.execute(db);
  await sql`drop table limit_counters`.execute(db);
}
