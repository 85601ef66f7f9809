// The pole registry's list (issue 21) at a million poles: every pole by number (prefix search
// and the list's order), the inactive poles, and the street search (a trigram index on each
// engine: GIN on PostgreSQL, an FTS5 table kept by triggers on SQLite, as 0016 keeps requests').
// Numbers are compared byte-wise on PostgreSQL too (collate "C"): the same order as SQLite,
// and a prefix is then a plain index range whatever the database's locale.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`create index poles_number_idx on poles (number collate "C", company_id)`.execute(db);
    await sql`create index poles_company_number_c_idx on poles (company_id, number collate "C")`.execute(db);
    await sql`create index poles_inactive_idx on poles (number collate "C") where active = 0`.execute(db);
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index poles_street_trgm_idx on poles using gin (street gin_trgm_ops)`.execute(db);
  } else {
    // SQLite compares text byte-wise; (company_id, number) is the unique index of 0026.
    await sql`create index poles_number_idx on poles (number, company_id)`.execute(db);
    await sql`create index poles_inactive_idx on poles (number) where active = 0`.execute(db);
    await sql`create virtual table poles_street_search using fts5(street, tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1)`.execute(
      db,
    );
    await sql`insert into poles_street_search (rowid, street) select id, street from poles where street is not null`.execute(
      db,
    );
    const insert = (row: string) =>
      `insert into poles_street_search (rowid, street) select ${row}.id, ${row}.street where ${row}.street is not null;`;
    const remove = (row: string) => `delete from poles_street_search where rowid = ${row}.id;`;
    await sql
      .raw(`create trigger poles_street_search_insert after insert on poles begin ${insert('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger poles_street_search_delete after delete on poles begin ${remove('old')} end`)
      .execute(db);
    await sql
      .raw(`create trigger poles_street_search_update after update of street on poles
        begin ${remove('old')} ${insert('new')} end`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists poles_street_search_${t}`).execute(db);
    await sql`drop table if exists poles_street_search`.execute(db);
  }
  for (const index of [
    'poles_street_trgm_idx',
    'poles_inactive_idx',
    'poles_company_number_c_idx',
    'poles_number_idx',
  ]) {
    await sql`drop index if exists ${sql.ref(index)}`.execute(db);
  }
}
