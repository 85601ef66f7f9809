// City-scale reads (issue 10): an indexed, accent- and case-insensitive substring search
// over name, phone (also as digits only) and address, and per company × status counters
// for the dashboards. Both are kept in step by triggers, so every write path (the public
// create, operators' updates, deletes, seeds, imports) updates them in its own transaction.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

/** Counter rows per company × status are split in shards (id % SHARDS) so concurrent writers rarely wait on one row. */
const SHARDS = 8;

/**
 * The accent folding of PostgreSQL's search expression, as a translate() pair: every Latin
 * letter U+00C0–U+024F whose canonical decomposition is an ASCII letter plus marks. Built
 * here (not imported) because a migration is frozen in time.
 */
export function latinFoldPairs(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x24f; code++) {
    const char = String.fromCodePoint(code);
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    if (base !== char && /^[A-Za-z]$/.test(base)) {
      from += char;
      to += base.toLowerCase();
    }
  }
  return { from, to };
}

// Phones are stored as typed ("(51) 99876-4321"): the digits-only form, in SQLite's plain SQL.
export const SQLITE_DIGITS = (column: string) =>
  `replace(replace(replace(replace(replace(replace(replace(replace(${column}, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), '/', ''), ',', '')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';

  await db.schema
    .createTable('request_counters')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('request_counters_pk', ['company_id', 'status', 'shard'])
    .execute();
  await sql`insert into request_counters (company_id, status, shard, n)
    select company_id, status, id % ${sql.lit(SHARDS)}, count(*) from repair_requests group by 1, 2, 3`.execute(db);

  if (pg) {
    await upPostgres(db);
  } else {
    await upSqlite(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function upSqlite(db: Kysely<any>): Promise<void> {
  const shard = (row: string) => `${row}.id % ${SHARDS}`;
  const add = (row: string) =>
    `insert into request_counters (company_id, status, shard, n) values (${row}.company_id, ${row}.status, ${shard(row)}, 1)
       on conflict (company_id, status, shard) do update set n = n + 1;`;
  const remove = (row: string) =>
    `update request_counters set n = n - 1
       where company_id = ${row}.company_id and status = ${row}.status and shard = ${shard(row)};`;
  await sql
    .raw(`create trigger repair_requests_count_insert after insert on repair_requests begin ${add('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger repair_requests_count_delete after delete on repair_requests begin ${remove('old')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger repair_requests_count_update after update of company_id, status on repair_requests
         when old.company_id <> new.company_id or old.status <> new.status
         begin ${remove('old')} ${add('new')} end`,
    )
    .execute(db);

  // Contentless FTS5 over trigrams: substring matching, case and accents folded by the
  // tokenizer (remove_diacritics), only rowids stored. Queries shorter than 3 characters
  // cannot use it (the repository falls back to LIKE for those).
  await sql
    .raw(
      `create virtual table repair_requests_search using fts5(
         name, phone, phone_digits, address,
         tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1)`,
    )
    .execute(db);
  const values = (row: string) =>
    `${row}.id, coalesce(${row}.name, ''), ${row}.phone, ${SQLITE_DIGITS(`${row}.phone`)}, ${row}.address`;
  const insertSearch = (row: string) =>
    `insert into repair_requests_search (rowid, name, phone, phone_digits, address) values (${values(row)});`;
  const deleteSearch = (row: string) => `delete from repair_requests_search where rowid = ${row}.id;`;
  await sql
    .raw(`insert into repair_requests_search (rowid, name, phone, phone_digits, address)
      select ${values('repair_requests')} from repair_requests`)
    .execute(db);
  await sql
    .raw(
      `create trigger repair_requests_search_insert after insert on repair_requests begin ${insertSearch('new')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger repair_requests_search_delete after delete on repair_requests begin ${deleteSearch('old')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger repair_requests_search_update after update of name, phone, address on repair_requests
         begin ${deleteSearch('old')} ${insertSearch('new')} end`,
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  const { from, to } = latinFoldPairs();
  // Immutable, so it can be indexed: Latin accents dropped, then ASCII lower-cased.
  await sql`create function acende_fold(text) returns text language sql immutable strict parallel safe
    as ${sql.lit(`select lower(translate($1, '${from}', '${to}'))`)}`.execute(db);
  // The searchable text: name, phone and address joined by a unit separator (typed queries never hold it).
  await sql`create function acende_search_text(name text, phone text, address text) returns text
    language sql immutable parallel safe
    as ${sql.lit("select acende_fold(coalesce(name, '') || chr(31) || coalesce(phone, '') || chr(31) || coalesce(address, ''))")}`.execute(
    db,
  );
  await sql`create function acende_digits(text) returns text language sql immutable strict parallel safe
    as ${sql.lit("select regexp_replace($1, '[^0-9]', '', 'g')")}`.execute(db);
  // Stored (generated) columns: folded once per write, so a search never folds a row again
  // and the planner has statistics for them.
  await sql`alter table repair_requests
    add column search_text text generated always as (acende_search_text(name, phone, address)) stored,
    add column phone_digits text generated always as (acende_digits(phone)) stored`.execute(db);
  await sql`create index repair_requests_search_trgm on repair_requests using gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index repair_requests_phone_digits_trgm on repair_requests using gin (phone_digits gin_trgm_ops)`.execute(
    db,
  );

  // Counters by statement, from the transition tables: one upsert per statement, rows
  // locked in key order (no deadlock between writers), n = n + delta (never read in JS).
  const apply = (deltas: string) => `
    insert into request_counters as c (company_id, status, shard, n)
      select company_id, status, shard, sum(d) from (${deltas}) x
      group by company_id, status, shard having sum(d) <> 0
      order by company_id, status, shard
    on conflict (company_id, status, shard) do update set n = c.n + excluded.n;`;
  const rows = (table: string, sign: string) =>
    `select company_id, status, id % ${SHARDS} as shard, ${sign}1 as d from ${table}`;
  const fn = async (name: string, body: string) =>
    sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
      .execute(db);
  await fn('acende_count_inserted', apply(rows('new_rows', '')));
  await fn('acende_count_deleted', apply(rows('old_rows', '-')));
  await fn('acende_count_updated', apply(`${rows('old_rows', '-')} union all ${rows('new_rows', '')}`));
  await sql`create trigger repair_requests_count_insert after insert on repair_requests
    referencing new table as new_rows for each statement execute function acende_count_inserted()`.execute(db);
  await sql`create trigger repair_requests_count_delete after delete on repair_requests
    referencing old table as old_rows for each statement execute function acende_count_deleted()`.execute(db);
  await sql`create trigger repair_requests_count_update after update on repair_requests
    referencing old table as old_rows new table as new_rows for each statement execute function acende_count_updated()`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const t of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger if exists repair_requests_count_${t} on repair_requests`).execute(db);
    }
    for (const f of ['acende_count_inserted', 'acende_count_deleted', 'acende_count_updated']) {
      await sql.raw(`drop function if exists ${f}()`).execute(db);
    }
    await sql`drop index if exists repair_requests_search_trgm`.execute(db);
    await sql`drop index if exists repair_requests_phone_digits_trgm`.execute(db);
    await sql`alter table repair_requests drop column if exists search_text, drop column if exists phone_digits`.execute(
      db,
    );
    await sql`drop function if exists acende_search_text(text, text, text)`.execute(db);
    await sql`drop function if exists acende_digits(text)`.execute(db);
    await sql`drop function if exists acende_fold(text)`.execute(db);
  } else {
    for (const t of [
      'count_insert',
      'count_delete',
      'count_update',
      'search_insert',
      'search_delete',
      'search_update',
    ]) {
      await sql.raw(`drop trigger if exists repair_requests_${t}`).execute(db);
    }
    await sql`drop table if exists repair_requests_search`.execute(db);
  }
  await db.schema.dropTable('request_counters').ifExists().execute();
}
