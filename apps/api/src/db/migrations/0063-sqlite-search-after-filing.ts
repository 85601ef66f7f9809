// SQLite's search upkeep leaves the filing too (issue 40, decision 0075). Its two FTS5 trigram
// tables were kept by triggers in the filing's own transaction: a few dozen rows of terms and
// a segment per filing, about a third of a filing's database time. Indexed in bulk after the
// commit, a request costs a seventh of that. `search_upkeep` holds the number up to which
// every request is indexed: a filing above it fires no trigger, and the upkeep
// (db/search-upkeep.ts) indexes the requests above it in bulk and moves it on in the same
// transaction, every half second and before any search, as on PostgreSQL (migration 0052).
// A request at or below it is kept by the triggers as before: a change of name, phone or
// address (an operator's edit, the retention sweep's blanking) or a deletion, in the writer's
// transaction; and any insert with a number at or below it. PostgreSQL: nothing to do.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';
import { SQLITE_DIGITS } from './0006-search-and-counters.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
type AnyDb = Kysely<any>;

/** The two indexes of migration 0016: their columns, the values of a row, the fields that change them. */
const INDEXES = [
  {
    table: 'repair_requests_search_name',
    list: 'rowid, name',
    values: (row: string) => `${row}.id, coalesce(${row}.name, '')`,
    fields: 'name',
  },
  {
    table: 'repair_requests_search_contact',
    list: 'rowid, phone, phone_digits, address',
    values: (row: string) => `${row}.id, ${row}.phone, ${SQLITE_DIGITS(`${row}.phone`)}, ${row}.address`,
    fields: 'phone, address',
  },
];

const INDEXED_THROUGH = '(select indexed_through from search_upkeep)';

/** The index's triggers, acting on every request (`guarded` false) or on those at or below the mark. */
async function createTriggers(db: AnyDb, guarded: boolean): Promise<void> {
  for (const { table, list, values, fields } of INDEXES) {
    for (const t of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_${t}`).execute(db);
    const when = (row: string) => (guarded ? `when ${row}.id <= ${INDEXED_THROUGH}` : '');
    const insert = (row: string) => `insert into ${table} (${list}) values (${values(row)});`;
    const remove = (row: string) => `delete from ${table} where rowid = ${row}.id;`;
    await sql
      .raw(`create trigger ${table}_insert after insert on repair_requests ${when('new')} begin ${insert('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_delete after delete on repair_requests ${when('old')} begin ${remove('old')} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_update after update of ${fields} on repair_requests ${when('old')}
        begin ${remove('old')} ${insert('new')} end`)
      .execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`create table search_upkeep (
    id integer primary key check (id = 1),
    indexed_through integer not null
  )`.execute(db);
  // Everything filed so far is indexed (by the triggers until now).
  await sql`insert into search_upkeep (id, indexed_through) select 1, coalesce(max(id), 0) from repair_requests`.execute(
    db,
  );
  await createTriggers(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  // What the upkeep had not indexed yet, then the triggers for every request again.
  for (const { table, list, values } of INDEXES) {
    await sql
      .raw(`insert into ${table} (${list}) select ${values('repair_requests')} from repair_requests
        where id > ${INDEXED_THROUGH}`)
      .execute(db);
  }
  await createTriggers(db, false);
  await sql`drop table search_upkeep`.execute(db);
}
