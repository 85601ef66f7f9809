// PostgreSQL's search upkeep leaves the filing (issue 40, decision 0060). The three trigram
// GIN indexes took 30–45 % of the filing statement's time (bench:filing-statements), and the
// folded columns they index were computed by every insert. They move to `request_search`, a
// row per request, written after the commit: a filing only queues its number
// (`request_search_queue`, by a statement trigger), and the search upkeep (db/search-upkeep.ts)
// folds and indexes the queued requests in bulk, every half second and before any search, so
// a search still finds what was filed before it. A change of name, phone or address refreshes
// the request's search row in the same transaction (a retention sweep's blanking is never
// found afterwards); a deleted request takes its row with it. SQLite keeps its FTS5 tables.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
type AnyDb = Kysely<any>;

const COLUMNS = ['search_name', 'search_contact', 'phone_digits'];

/** The three trigram indexes on `table`'s search columns, with fine statistics (as migration 0016). */
async function indexSearchColumns(db: AnyDb, table: 'request_search' | 'repair_requests'): Promise<void> {
  for (const column of COLUMNS) {
    await sql.raw(`create index ${table}_${column}_trgm on ${table} using gin (${column} gin_trgm_ops)`).execute(db);
    await sql.raw(`alter table ${table} alter column ${column} set statistics 1000`).execute(db);
  }
  await sql.raw(`analyze ${table}`).execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create table request_search (
    request_id integer primary key references repair_requests (id) on delete cascade,
    search_name text not null,
    search_contact text not null,
    phone_digits text not null
  )`.execute(db);
  await sql`insert into request_search (request_id, search_name, search_contact, phone_digits)
    select id, search_name, search_contact, phone_digits from repair_requests`.execute(db);
  await indexSearchColumns(db, 'request_search');
  // Dropping the stored columns drops their indexes on repair_requests too.
  await sql`alter table repair_requests drop column search_name, drop column search_contact,
    drop column phone_digits`.execute(db);

  // The requests whose search row is missing or stale; the upkeep empties it.
  await sql`create table request_search_queue (request_id integer primary key)`.execute(db);
  await sql`create function acende_queue_search() returns trigger language plpgsql as $$
    begin
      insert into request_search_queue (request_id) select id from new_rows on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger repair_requests_search_queue after insert on repair_requests
    referencing new table as new_rows for each statement execute function acende_queue_search()`.execute(db);
  // A changed name, phone or address: the search row now, in the writer's transaction, and
  // queued again, so an upkeep round that read the old values just before writes them again.
  await sql`create function acende_refresh_search() returns trigger language plpgsql as $$
    begin
      insert into request_search_queue (request_id) values (new.id) on conflict do nothing;
      insert into request_search (request_id, search_name, search_contact, phone_digits)
        values (new.id, acende_fold(coalesce(new.name, '')), acende_search_contact(new.phone, new.address),
          coalesce(acende_digits(new.phone), ''))
        on conflict (request_id) do update set search_name = excluded.search_name,
          search_contact = excluded.search_contact, phone_digits = excluded.phone_digits;
      return null;
    end $$`.execute(db);
  await sql`create trigger repair_requests_search_refresh after update of name, phone, address on repair_requests
    for each row when (old.name is distinct from new.name or old.phone is distinct from new.phone
      or old.address is distinct from new.address)
    execute function acende_refresh_search()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger repair_requests_search_refresh on repair_requests`.execute(db);
  await sql`drop trigger repair_requests_search_queue on repair_requests`.execute(db);
  await sql`drop function acende_refresh_search()`.execute(db);
  await sql`drop function acende_queue_search()`.execute(db);
  await sql`drop table request_search_queue`.execute(db);
  await sql`drop table request_search`.execute(db);
  await sql`alter table repair_requests
    add column phone_digits text generated always as (acende_digits(phone)) stored,
    add column search_name text generated always as (acende_fold(coalesce(name, ''))) stored,
    add column search_contact text generated always as (acende_search_contact(phone, address)) stored`.execute(db);
  await indexSearchColumns(db, 'repair_requests');
}
