// Reply templates (issue 23, decision 0031): texts an admin keeps per status, in Portuguese
// and English, that the operators' update form offers. History copies the text it used, so
// editing or deleting a template later changes no event.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reply_templates')
    .addColumn('id', 'integer', (c) =>
      dialectOf(db) === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('text_pt', 'text', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The form asks for one status's templates, by name.
  await db.schema.createIndex('reply_templates_status_idx').on('reply_templates').columns(['status', 'name']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reply_templates').execute();
}
