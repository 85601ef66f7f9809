// Repair times cheap on a million requests (issue 23, decision 0036). `repair_ms`, the
// milliseconds from filing to completion, is a generated column: the engine computes it on
// every write path (filing, update, bulk change, reopen, duplicate undo, seeds, restores), so
// no trigger has to be kept in step and a filing (status open) pays nothing but a null.
// Two partial indexes that a filing never touches (closed requests only) answer the SLA
// report and the public figures by index seeks; one over the open work gives the backlog.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // A generated column needs an immutable expression; text → timestamptz is only stable
    // (a text without a zone would read the session's). Every instant here is
    // Date#toISOString's text, which names its zone (Z), so the result never depends on it.
    await sql`create function acende_repair_ms(created text, closed text) returns bigint
      language sql immutable parallel safe
      as $$ select round(extract(epoch from (closed::timestamptz - created::timestamptz)) * 1000)::bigint $$`.execute(
      db,
    );
    await sql`alter table repair_requests add column repair_ms bigint generated always as (
      case when status = 'completed' and closed_at is not null then acende_repair_ms(created_at, closed_at) end) stored`.execute(
      db,
    );
  } else {
    // Virtual: computed when read; the index below stores it for completed requests only.
    await sql`alter table repair_requests add column repair_ms integer generated always as (
      case when status = 'completed' and closed_at is not null
        then cast(round((julianday(closed_at) - julianday(created_at)) * 86400000) as integer) end) virtual`.execute(
      db,
    );
  }
  // Per company × problem type: completed ones in repair-time order (percentiles by an
  // ordered seek with offset), cancelled ones beside them; every column a figure needs is in
  // the index, so no table row is read.
  await sql`create index repair_requests_closed_times_idx on repair_requests
    (company_id, problem_type, status, repair_ms, created_at, closed_at, due_at)
    where status in ('completed', 'cancelled')`.execute(db);
  // All groups together in repair-time order: the report summary's overall median and p90.
  await sql`create index repair_requests_repair_ms_idx on repair_requests
    (repair_ms, company_id, problem_type, created_at, closed_at)
    where status = 'completed'`.execute(db);
  // The work in hand per company × problem type × status, by due time (overdue = a range).
  await sql`create index repair_requests_open_times_idx on repair_requests
    (company_id, problem_type, status, due_at, created_at)
    where status in ('open', 'in_progress')`.execute(db);
  if (dialectOf(db) === 'postgres') await sql`analyze repair_requests`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists repair_requests_open_times_idx`.execute(db);
  await sql`drop index if exists repair_requests_repair_ms_idx`.execute(db);
  await sql`drop index if exists repair_requests_closed_times_idx`.execute(db);
  await db.schema.alterTable('repair_requests').dropColumn('repair_ms').execute();
  if (dialectOf(db) === 'postgres') await sql`drop function if exists acende_repair_ms(text, text)`.execute(db);
}
