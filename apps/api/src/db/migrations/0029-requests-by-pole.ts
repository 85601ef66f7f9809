// Operators filter requests by pole number (issue 21): the list, the reports and the
// detail's warning of other open requests on a pole whose number is not in the registry
// read repair_requests by pole_number. Few requests name a pole, so the index is partial;
// created_at, id after the number give the list's newest-first order from the index alone.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index repair_requests_pole_number_idx on repair_requests (pole_number, created_at, id) where pole_number is not null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists repair_requests_pole_number_idx`.execute(db);
}
