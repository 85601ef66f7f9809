// The crew's side of issue 37 (decision 0068): crew accounts (an account with role 'crew'
// belongs to one crew), the company's materials list, what a stop used, the photos a crew
// takes, and the actions synced from the phones, each kept under its key so a retry is
// answered, never applied twice.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const bytes = pg ? 'bytea' : 'blob';
  // biome-ignore lint/suspicious/noExplicitAny: the column builder of either dialect
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .alterTable('admins')
    .addColumn('crew_id', 'integer', (c) => c.references('crews.id'))
    .execute();
  await db.schema.alterTable('work_orders').addColumn('done_at', 'text').execute();
  await db.schema
    .alterTable('work_order_stops')
    .addColumn('proposed_company_id', 'integer', (c) => c.references('energy_companies.id'))
    .execute();
  await db.schema
    .createTable('materials')
    .addColumn('id', 'integer', id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('materials_company_name_uq', ['company_id', 'name'])
    .execute();
  await db.schema
    .createTable('work_order_stop_materials')
    .addColumn('stop_id', 'integer', (c) => c.notNull().references('work_order_stops.id').onDelete('cascade'))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_order_stop_materials_pk', ['stop_id', 'material_id'])
    .execute();
  // A photo a crew took, uploaded under the phone's key before the action that names it;
  // stop_id is set when a synced action attaches it.
  await db.schema
    .createTable('crew_photos')
    .addColumn('id', 'integer', id)
    .addColumn('crew_id', 'integer', (c) => c.notNull().references('crews.id'))
    .addColumn('photo_key', 'text', (c) => c.notNull())
    .addColumn('stop_id', 'integer', (c) => c.references('work_order_stops.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('storage', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('data', bytes)
    .addColumn('thumb', bytes)
    .addColumn('created_by_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('crew_photos_key_uq', ['crew_id', 'photo_key'])
    .execute();
  await db.schema.createIndex('crew_photos_stop_idx').on('crew_photos').column('stop_id').execute();
  // One row per synced action, claimed in the action's own transaction: the same key again
  // is answered from `answer`; the same key with another body is refused.
  await db.schema
    .createTable('crew_actions')
    .addColumn('id', 'integer', id)
    .addColumn('crew_id', 'integer', (c) => c.notNull().references('crews.id'))
    .addColumn('action_key', 'text', (c) => c.notNull())
    .addColumn('stop_id', 'integer', (c) => c.notNull().references('work_order_stops.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('crew_actions_key_uq', ['crew_id', 'action_key'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crew_actions').execute();
  await db.schema.dropTable('crew_photos').execute();
  await db.schema.dropTable('work_order_stop_materials').execute();
  await db.schema.dropTable('materials').execute();
  await db.schema.alterTable('work_order_stops').dropColumn('proposed_company_id').execute();
  await db.schema.alterTable('work_orders').dropColumn('done_at').execute();
  await db.schema.alterTable('admins').dropColumn('crew_id').execute();
}
