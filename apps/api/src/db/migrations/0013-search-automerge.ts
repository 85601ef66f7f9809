// Cheaper upkeep of SQLite's trigram index on the public create (issue 10). FTS5 writes a
// segment per transaction and merges segments as they pile up: with the default
// (automerge = 4) that merging was 270 of the 320 µs each new request cost at a million
// rows, and groups of 40 filings took up to 56 ms at p99. With 8, a request costs about
// 130 µs, p99 about 25 ms, and searches read as fast (3.2 ms for the window query either
// way). The setting is stored in the index itself. PostgreSQL: nothing to do.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`insert into repair_requests_search (repair_requests_search, rank) values ('automerge', 8)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`insert into repair_requests_search (repair_requests_search, rank) values ('automerge', 4)`.execute(db);
}
