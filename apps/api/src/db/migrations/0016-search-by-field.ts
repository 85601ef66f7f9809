// The search index split by field (issue 10): the name in one index, the phone and the
// address in another, on both engines. A typed search never spans two fields (they were
// joined by a control character no query holds), so matching the name or the rest is the
// same as matching the joined text. The split makes each index's lists of trigrams shorter:
// "mar" or "ria" in names only, not in every street too. On a million rows a full name
// ("Maria Rocha", about a thousand matches, nine common trigrams) read its window in
// 10 ms at p50 and 15 ms at p95 on SQLite instead of 17 and 35, and in 16 ms instead of
// 27 warm on PostgreSQL, with the same rows (decision 0013).
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';
import { SQLITE_DIGITS } from './0006-search-and-counters.ts';

const TOKENIZE = `tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1`;

/** One SQLite FTS5 index kept by triggers: its columns, the values of a row, the fields that change it. */
interface SqliteIndex {
  table: string;
  columns: string[];
  values: (row: string) => string;
  fields: string;
}

const SQLITE_INDEXES: SqliteIndex[] = [
  {
    table: 'repair_requests_search_name',
    columns: ['name'],
    values: (row) => `coalesce(${row}.name, '')`,
    fields: 'name',
  },
  {
    table: 'repair_requests_search_contact',
    columns: ['phone', 'phone_digits', 'address'],
    values: (row) => `${row}.phone, ${SQLITE_DIGITS(`${row}.phone`)}, ${row}.address`,
    fields: 'phone, address',
  },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
type AnyDb = Kysely<any>;

async function dropSqliteTriggers(db: AnyDb, table: string): Promise<void> {
  for (const t of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger if exists ${table}_${t}`).execute(db);
  }
}

/**
 * Creates, fills and keeps an FTS5 trigram index: triggers named after its table, on
 * insert, delete and update of its fields.
 */
async function createSqliteIndex(db: AnyDb, index: SqliteIndex): Promise<void> {
  const { table, columns, values, fields } = index;
  await sql.raw(`create virtual table ${table} using fts5(${columns.join(', ')}, ${TOKENIZE})`).execute(db);
  const list = `rowid, ${columns.join(', ')}`;
  await sql
    .raw(`insert into ${table} (${list}) select id, ${values('repair_requests')} from repair_requests`)
    .execute(db);
  // Segments merged late, as migration 0015 set for the single index.
  await sql.raw(`insert into ${table} (${table}, rank) values ('crisismerge', 64)`).execute(db);
  await sql.raw(`insert into ${table} (${table}, rank) values ('automerge', 16)`).execute(db);
  const insert = (row: string) => `insert into ${table} (${list}) values (${row}.id, ${values(row)});`;
  const remove = (row: string) => `delete from ${table} where rowid = ${row}.id;`;
  await sql
    .raw(`create trigger ${table}_insert after insert on repair_requests begin ${insert('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_delete after delete on repair_requests begin ${remove('old')} end`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_update after update of ${fields} on repair_requests
      begin ${remove('old')} ${insert('new')} end`)
    .execute(db);
}

async function upSqlite(db: AnyDb): Promise<void> {
  await dropSqliteTriggers(db, 'repair_requests_search');
  await sql`drop table if exists repair_requests_search`.execute(db);
  for (const index of SQLITE_INDEXES) await createSqliteIndex(db, index);
}

async function downSqlite(db: AnyDb): Promise<void> {
  for (const index of SQLITE_INDEXES) {
    await dropSqliteTriggers(db, index.table);
    await sql.raw(`drop table if exists ${index.table}`).execute(db);
  }
  await createSqliteIndex(db, {
    table: 'repair_requests_search',
    columns: ['name', 'phone', 'phone_digits', 'address'],
    values: (row) => `coalesce(${row}.name, ''), ${row}.phone, ${SQLITE_DIGITS(`${row}.phone`)}, ${row}.address`,
    fields: 'name, phone, address',
  });
}

/** PostgreSQL: stored folded columns with trigram indexes and fine statistics (as migrations 0011 and 0014). */
async function indexPostgres(db: AnyDb, columns: string[]): Promise<void> {
  for (const column of columns) {
    await sql
      .raw(`create index repair_requests_${column}_trgm on repair_requests using gin (${column} gin_trgm_ops)`)
      .execute(db);
    await sql.raw(`alter table repair_requests alter column ${column} set statistics 1000`).execute(db);
  }
  await sql.raw(`analyze repair_requests (${columns.join(', ')})`).execute(db);
}

async function upPostgres(db: AnyDb): Promise<void> {
  await sql`create function acende_search_contact(phone text, address text) returns text
    language sql immutable parallel safe
    as ${sql.lit("select acende_fold(coalesce(phone, '') || chr(31) || coalesce(address, ''))")}`.execute(db);
  // Dropping the joined column drops its index and statistics target too.
  await sql`alter table repair_requests drop column search_text,
    add column search_name text generated always as (acende_fold(coalesce(name, ''))) stored,
    add column search_contact text generated always as (acende_search_contact(phone, address)) stored`.execute(db);
  await indexPostgres(db, ['search_name', 'search_contact']);
}

async function downPostgres(db: AnyDb): Promise<void> {
  await sql`alter table repair_requests drop column search_name, drop column search_contact,
    add column search_text text generated always as (acende_search_text(name, phone, address)) stored`.execute(db);
  await sql`drop function acende_search_contact(text, text)`.execute(db);
  await sql`create index repair_requests_search_trgm on repair_requests using gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`alter table repair_requests alter column search_text set statistics 1000`.execute(db);
  await sql`analyze repair_requests (search_text)`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'postgres') await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'postgres') await downPostgres(db);
  else await downSqlite(db);
}
