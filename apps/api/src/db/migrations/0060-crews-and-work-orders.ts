// Crews and work orders (issue 37, decision 0067): a company's named crews; a work order for
// one crew and one day; its stops in route order. A request is in at most one open work
// order: `open_request_id` holds its id while the order is open (unique; NULLs never clash).
import type { Kysely } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  // biome-ignore lint/suspicious/noExplicitAny: the column builder of either dialect
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('crews')
    .addColumn('id', 'integer', id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('crews_company_name_uq', ['company_id', 'name'])
    .execute();
  await db.schema
    .createTable('work_orders')
    .addColumn('id', 'integer', id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id'))
    .addColumn('crew_id', 'integer', (c) => c.notNull().references('crews.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('planned'))
    .addColumn('start_lat', 'double precision')
    .addColumn('start_lng', 'double precision')
    .addColumn('overdue_first', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('route_metres', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('work_orders_crew_day_idx').on('work_orders').columns(['crew_id', 'day']).execute();
  await db.schema.createIndex('work_orders_company_day_idx').on('work_orders').columns(['company_id', 'day']).execute();
  await db.schema
    .createTable('work_order_stops')
    .addColumn('id', 'integer', id)
    .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('repair_requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('open_request_id', 'integer', (c) => c.unique())
    .addColumn('arrived_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('reason', 'text')
    .addColumn('notes', 'text')
    .execute();
  await db.schema
    .createIndex('work_order_stops_order_idx')
    .on('work_order_stops')
    .columns(['work_order_id', 'position'])
    .execute();
  await db.schema.createIndex('work_order_stops_request_idx').on('work_order_stops').column('request_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('work_order_stops').execute();
  await db.schema.dropTable('work_orders').execute();
  await db.schema.dropTable('crews').execute();
}
