// The pole registry (issue 21): every light point of an energy company, by its number
// (unique within the company, decision 20), where it stands, and whether it is in service.
// A request may name the pole it is about (pole_id; pole_number keeps the number it had).
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('poles')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('street', 'text')
    .addColumn('description', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('poles_company_number_idx')
    .on('poles')
    .columns(['company_id', 'number'])
    .unique()
    .execute();
  // The map's bounding-box query reads active poles by latitude band, then longitude.
  await sql`create index poles_bbox_idx on poles (latitude, longitude) where active = 1`.execute(db);
  await db.schema
    .alterTable('repair_requests')
    .addColumn('pole_id', 'integer', (c) => c.references('poles.id'))
    .execute();
  await sql`create index repair_requests_pole_idx on repair_requests (pole_id, status) where pole_id is not null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists repair_requests_pole_idx`.execute(db);
  await db.schema.alterTable('repair_requests').dropColumn('pole_id').execute();
  await db.schema.dropTable('poles').execute();
}
