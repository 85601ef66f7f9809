// The pole registry's list (issue 21) at a million poles: every pole by number (prefix search
// and the list's order), a company's inactive poles, and on PostgreSQL the street search.
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
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'poles_street_trgm_idx',
    'poles_inactive_idx',
    'poles_company_number_c_idx',
    'poles_number_idx',
  ]) {
    await sql`drop index if exists ${sql.ref(index)}`.execute(db);
  }
}
