// Slots for exports shared by every instance on PostgreSQL (decision 0044): one row per held
// lease, with the instant (database clock, ms) it ends unless renewed. Unlogged like the
// limits' counters of 0021: a crash only frees the slots. SQLite (one process) keeps them in memory.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create unlogged table limit_leases (
    name text not null,
    lease text not null,
    expires_at bigint not null,
    primary key (name, lease)
  )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop table limit_leases`.execute(db);
}
