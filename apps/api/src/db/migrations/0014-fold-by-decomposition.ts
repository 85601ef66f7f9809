// A cheaper accent folding for PostgreSQL's search text (issue 10). acende_fold used
// translate() over the 250 accented Latin letters of U+00C0–U+024F: translate scans that
// whole list for every character of the text, so folding a request's name, phone and
// address cost about 66 µs, more than a third of what PostgreSQL spent on each filing.
// Decomposing the text (NFD) and dropping the combining marks gives the same letters for
// that range but eight (Ǣ ǣ Ǽ ǽ → æ, Ǿ ǿ → ø, Ǯ ǯ → ʒ, which kept their marks before) in about
// 5 µs, and folds accented letters beyond it too (ẽ, ỳ), as the web app and SQLite do.
// The stored search text is computed again with the new folding, so rows filed before
// and after it fold alike. SQLite: nothing to do (its trigram index folds by itself).
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';
import { latinFoldPairs } from './0006-search-and-counters.ts';

// The combining-mark blocks: diacritical marks, their extended and supplement blocks,
// marks for symbols, and half marks.
const MARKS = '[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]';

// normalize() needs a UTF-8 database; any other keeps the translate() folding.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
async function isUtf8(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ encoding: string }>`select current_setting('server_encoding') as encoding`.execute(db);
  return rows[0]?.encoding === 'UTF8';
}

// biome-ignore lint/suspicious/noExplicitAny: see isUtf8()
async function refold(db: Kysely<any>, body: string): Promise<void> {
  await sql`create or replace function acende_fold(text) returns text language sql immutable strict parallel safe
    as ${sql.lit(body)}`.execute(db);
  // The stored column and its index, again from the new function (dropping the column
  // drops its index and statistics target; migrations 0006 and 0011 made them).
  await sql`alter table repair_requests drop column search_text`.execute(db);
  await sql`alter table repair_requests
    add column search_text text generated always as (acende_search_text(name, phone, address)) stored`.execute(db);
  await sql`create index repair_requests_search_trgm on repair_requests using gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`alter table repair_requests alter column search_text set statistics 1000`.execute(db);
  await sql`analyze repair_requests (search_text)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see refold()
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  if (!(await isUtf8(db))) return;
  await refold(db, `select lower(regexp_replace(normalize($1, NFD), '${MARKS}', '', 'g'))`);
}

// biome-ignore lint/suspicious/noExplicitAny: see refold()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  if (!(await isUtf8(db))) return;
  const { from, to } = latinFoldPairs();
  await refold(db, `select lower(translate($1, '${from}', '${to}'))`);
}
