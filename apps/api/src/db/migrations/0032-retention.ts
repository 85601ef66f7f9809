// Retention of personal data (issue 24, decision 0027). A completed or cancelled request has
// its contact data anonymised some months after it was closed: closed_at (when it reached
// that status, kept by the operators' update) says when, anonymized_at marks it done so the
// sweep of another instance, or a second run, passes it by.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('repair_requests').addColumn('closed_at', 'text').execute();
  await db.schema.alterTable('repair_requests').addColumn('anonymized_at', 'text').execute();
  // The requests closed before this migration: the time of the last event that set the status they have.
  await sql`update repair_requests set closed_at = (
      select max(e.created_at) from request_events e
      where e.request_id = repair_requests.id and e.to_status = repair_requests.status)
    where status in ('completed', 'cancelled')`.execute(db);
  // A closed request without such an event (imported, seeded): its last change stands for it.
  await sql`update repair_requests set closed_at = updated_at
    where status in ('completed', 'cancelled') and closed_at is null`.execute(db);
  // Only the rows the sweep still has to look at: closed and not yet anonymised.
  await sql`create index repair_requests_retention_idx on repair_requests (closed_at, id)
    where closed_at is not null and anonymized_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists repair_requests_retention_idx`.execute(db);
  await db.schema.alterTable('repair_requests').dropColumn('anonymized_at').execute();
  await db.schema.alterTable('repair_requests').dropColumn('closed_at').execute();
}
