// Issue 22 (decision 0040): the open requests' position index by longitude strip, then
// latitude, so the "already reported nearby" read seeks a few strips over an exact latitude
// range instead of scanning a whole latitude band of the city (0037's index, replaced).
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  // A strip is 1/4000 of a degree of longitude (about 24 m at Porto Alegre's latitude), the
  // longitude's value truncated toward zero: SQLite's cast to integer, PostgreSQL's trunc().
  // The expressions are written exactly as nearby.repository.ts writes them.
  const strip = pg
    ? sql`trunc(cast(longitude as double precision) * 4000)`
    : sql`cast(cast(longitude as real) * 4000 as integer)`;
  const latitude = pg ? sql`cast(latitude as double precision)` : sql`cast(latitude as real)`;
  // On SQLite the index also carries the columns the read returns (the rowid is the id), so the
  // read never visits the table: a third of the time per call, for a wider entry per filing.
  // PostgreSQL's statement takes a third of a millisecond without it (decision 0040).
  const carried = pg ? sql`` : sql`, longitude, latitude, problem_type, status, pole_id, company_id, created_at`;
  await sql`create index repair_requests_open_strip_idx on repair_requests (${strip}, ${latitude}${carried})
    where status in ('open', 'in_progress')`.execute(db);
  await sql`drop index if exists repair_requests_open_position_idx`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  await sql`create index repair_requests_open_position_idx on repair_requests
    (cast(latitude as ${sql.raw(real)}), cast(longitude as ${sql.raw(real)}))
    where status in ('open', 'in_progress')`.execute(db);
  await sql`drop index if exists repair_requests_open_strip_idx`.execute(db);
}
