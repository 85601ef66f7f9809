// Fewer index entries per filing (issue 40). The phone's own index (migration 0001) is read by
// no query: the search finds phones through its trigram indexes, and nothing looks a request up
// by its exact phone. The assignee's index keeps only assigned requests: every query on it asks
// for one account (`assigned_to_id = ?`, which implies not null, as does the foreign key's check
// when an account is deleted), while a filing, unassigned, no longer writes an entry there.
// Measured (bench/results/issue-40-filing-part-2.md): a 30,000-row insert on PostgreSQL took
// 2.51–2.77 s without the two against 2.73–2.86 s with them, within the runs' spread; kept for
// the entries no reader needs, not for a figure.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists repair_requests_phone_idx`.execute(db);
  await sql`drop index if exists repair_requests_assignee_created_idx`.execute(db);
  await sql`create index repair_requests_assignee_created_idx on repair_requests (assigned_to_id, created_at)
    where assigned_to_id is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists repair_requests_assignee_created_idx`.execute(db);
  await sql`create index repair_requests_assignee_created_idx on repair_requests (assigned_to_id, created_at)`.execute(
    db,
  );
  await sql`create index repair_requests_phone_idx on repair_requests (phone)`.execute(db);
}
