// A pg_dump of the database did not restore (decision 0020): pg_restore runs with an empty
// search_path, and the search functions' bodies were text calling acende_fold unqualified,
// so rebuilding the stored search columns failed ("function acende_fold(text) does not
// exist"). As SQL-standard bodies (PostgreSQL 14+) they are parsed once, here, against the
// function they call: pg_dump writes them qualified and after it. Same results; SQLite has
// no such functions.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create or replace function acende_search_text(name text, phone text, address text) returns text
    language sql immutable parallel safe
    return acende_fold(coalesce(name, '') || chr(31) || coalesce(phone, '') || chr(31) || coalesce(address, ''))`.execute(
    db,
  );
  await sql`create or replace function acende_search_contact(phone text, address text) returns text
    language sql immutable parallel safe
    return acende_fold(coalesce(phone, '') || chr(31) || coalesce(address, ''))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create or replace function acende_search_text(name text, phone text, address text) returns text
    language sql immutable parallel safe
    as ${sql.lit("select acende_fold(coalesce(name, '') || chr(31) || coalesce(phone, '') || chr(31) || coalesce(address, ''))")}`.execute(
    db,
  );
  await sql`create or replace function acende_search_contact(phone text, address text) returns text
    language sql immutable parallel safe
    as ${sql.lit("select acende_fold(coalesce(phone, '') || chr(31) || coalesce(address, ''))")}`.execute(db);
}
