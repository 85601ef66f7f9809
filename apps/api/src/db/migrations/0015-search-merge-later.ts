// SQLite's trigram index merges its segments later (issue 10): at 16 segments a level
// instead of 8 (migration 0013), and all of a level at once only past 64 instead of 16.
// On a million rows, groups of 40 filings measured over 6,000 groups wrote their rows in
// 3.3 ms at p50 either way, but 18.7 ms at p99 (51 ms at most) instead of 38.8 ms (up to
// 135 ms over 1,500 groups); at 16 with the default crisis merge at 16 the index merged a
// whole level at once, 1.7–4 s. The settings are stored in the index itself. PostgreSQL:
// nothing to do.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
async function merge(db: Kysely<any>, automerge: number, crisismerge: number): Promise<void> {
  await sql`insert into repair_requests_search (repair_requests_search, rank) values ('crisismerge', ${sql.lit(crisismerge)})`.execute(
    db,
  );
  await sql`insert into repair_requests_search (repair_requests_search, rank) values ('automerge', ${sql.lit(automerge)})`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see merge()
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await merge(db, 16, 64);
}

// biome-ignore lint/suspicious/noExplicitAny: see merge()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await merge(db, 8, 16);
}
