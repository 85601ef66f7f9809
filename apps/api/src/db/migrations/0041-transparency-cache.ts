// The transparency page's figures, cached in the database so that every instance serves the
// same ones (issue 25, decision 0037): one row per window, the figures as JSON, when they were
// computed, and the lease of the one caller computing them again.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transparency_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('body', 'text')
    .addColumn('computed_at', 'text')
    .addColumn('lease_until', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transparency_cache').execute();
}
