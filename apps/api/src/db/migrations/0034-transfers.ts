// Transfers between companies (issue 23, decision 0030): a `transferred` history event keeps
// the names of the company the request left and the one it went to, as they were then, so
// the history reads the same after a company is renamed.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('request_events').addColumn('from_company_name', 'text').execute();
  await db.schema.alterTable('request_events').addColumn('to_company_name', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('request_events').dropColumn('to_company_name').execute();
  await db.schema.alterTable('request_events').dropColumn('from_company_name').execute();
}
