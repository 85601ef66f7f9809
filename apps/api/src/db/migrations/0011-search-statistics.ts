// Finer statistics on the searchable text (PostgreSQL), so the planner knows a full name
// (~0.1% of rows) from a common surname (~5%) when it reads a search window (issue 10):
// with the default 100-entry histogram both look like 1%, and the rare text walks the
// primary key through nearly every row (0.5 s on 1,000,000) instead of using its index.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table repair_requests alter column search_text set statistics 1000`.execute(db);
  // Now rather than at the next auto-analyze, which a large, stable table may not reach for weeks.
  await sql`analyze repair_requests (search_text)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table repair_requests alter column search_text set statistics -1`.execute(db);
}
