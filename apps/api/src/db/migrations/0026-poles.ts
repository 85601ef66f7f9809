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
  // The map's box query (bench/results/issue-21-poles.md): a spatial index of the active
  // poles, so a box reads the entries inside it, not a whole latitude band (a band across a
  // city is hundreds of thousands of entries). PostgreSQL: GiST on the point; SQLite: an
  // R*Tree kept by the triggers below (32-bit bounds rounded outwards; the row is re-checked),
  // with the company, so counting a box's poles needs no row of poles.
  if (pg) {
    await sql`create index poles_bbox_idx on poles using gist (point(longitude, latitude)) where active = 1`.execute(
      db,
    );
  } else {
    await sql`create virtual table poles_rtree using rtree(id, min_lat, max_lat, min_lng, max_lng, +company_id)`.execute(
      db,
    );
  }
  // A zoomed-out map shows counts, not poles: counting the poles of a city-wide box would
  // read hundreds of thousands of rows per request. These per-cell counts (0.01° cells,
  // about 1 km, per company) are kept by triggers, so such a box reads a few thousand rows.
  await db.schema
    .createTable('pole_cells')
    .addColumn('cell_lat', 'integer', (c) => c.notNull())
    .addColumn('cell_lng', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('lat_sum', 'double precision', (c) => c.notNull())
    .addColumn('lng_sum', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('pole_cells_pk', ['cell_lat', 'cell_lng', 'company_id'])
    .execute();
  if (pg) await poleCellTriggersPg(db);
  else await poleCellTriggersSqlite(db);
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
  if (dialectOf(db) === 'postgres') await sql`drop function if exists poles_cells_apply() cascade`.execute(db);
  else
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger if exists poles_cells_${op}`).execute(db);
  await db.schema.dropTable('pole_cells').execute();
  await sql`drop table if exists poles_rtree`.execute(db);
  await db.schema.alterTable('repair_requests').dropColumn('pole_id').execute();
  await db.schema.dropTable('poles').execute();
}

// A pole counts in its cell while it is active; a move, a change of company or of state
// takes it out of one cell and into another. Cells left at zero stay (the reader skips them).
// On SQLite the same triggers keep the R*Tree: an entry per active pole.
const CELL = (row: 'new' | 'old') => `floor(${row}.latitude * 100), floor(${row}.longitude * 100), ${row}.company_id`;

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function poleCellTriggersSqlite(db: Kysely<any>): Promise<void> {
  const add = (when: string) => `insert into pole_cells (cell_lat, cell_lng, company_id, n, lat_sum, lng_sum)
      select ${CELL('new')}, 1, new.latitude, new.longitude where ${when}
      on conflict (cell_lat, cell_lng, company_id) do update
      set n = n + 1, lat_sum = lat_sum + excluded.lat_sum, lng_sum = lng_sum + excluded.lng_sum;
    insert into poles_rtree (id, min_lat, max_lat, min_lng, max_lng, company_id)
      select new.id, new.latitude, new.latitude, new.longitude, new.longitude, new.company_id where ${when};`;
  const remove = (when: string) => `update pole_cells set n = n - 1, lat_sum = lat_sum - old.latitude,
      lng_sum = lng_sum - old.longitude where ${when} and (cell_lat, cell_lng, company_id) = (${CELL('old')});
    delete from poles_rtree where id = old.id;`;
  await sql
    .raw(`create trigger poles_cells_insert after insert on poles begin ${add('new.active = 1')} end`)
    .execute(db);
  await sql
    .raw(`create trigger poles_cells_delete after delete on poles begin ${remove('old.active = 1')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger poles_cells_update after update of latitude, longitude, active, company_id on poles begin
      ${remove('old.active = 1')} ${add('new.active = 1')} end`,
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function poleCellTriggersPg(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create function poles_cells_apply() returns trigger language plpgsql as $$
begin
  -- An import counts its company's cells again once, at its end (poles-import.repository.ts):
  -- counting row by row there updates the same cell rows thousands of times in one transaction.
  if current_setting('acende.pole_cells_deferred', true) = 'on' then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.active = 1 then
    update pole_cells set n = n - 1, lat_sum = lat_sum - old.latitude, lng_sum = lng_sum - old.longitude
    where (cell_lat, cell_lng, company_id) = (${CELL('old')});
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.active = 1 then
    insert into pole_cells (cell_lat, cell_lng, company_id, n, lat_sum, lng_sum)
    values (${CELL('new')}, 1, new.latitude, new.longitude)
    on conflict (cell_lat, cell_lng, company_id) do update
    set n = pole_cells.n + 1, lat_sum = pole_cells.lat_sum + excluded.lat_sum, lng_sum = pole_cells.lng_sum + excluded.lng_sum;
  end if;
  return null;
end $$`)
    .execute(db);
  await sql
    .raw(
      `create trigger poles_cells after insert or delete or update of latitude, longitude, active, company_id on poles
      for each row execute function poles_cells_apply()`,
    )
    .execute(db);
}
