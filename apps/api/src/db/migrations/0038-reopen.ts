// Reopen from the tracking page (issue 22, decision 0035). A completed request the citizen says
// is still broken goes back to open: reopened_at (the last reopen) marks it in the operators'
// queue while it is open or in progress, reopen_count says how many times it happened.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('repair_requests').addColumn('reopened_at', 'text').execute();
  await db.schema
    .alterTable('repair_requests')
    .addColumn('reopen_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('repair_requests').dropColumn('reopen_count').execute();
  await db.schema.alterTable('repair_requests').dropColumn('reopened_at').execute();
}
