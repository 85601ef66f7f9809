// The text search of the request list, per engine: FTS5 trigram tables on SQLite (kept by
// db/search-upkeep.ts above its mark, migration 0063), trigram GIN indexes on PostgreSQL's
// request_search (migration 0052, kept by db/search-upkeep.ts),
// and the window of the newest matches a search pages within.
import { MAX_ID } from '@acende/shared/constants';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { type Db, type Dialect, dialectOf } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { indexAllQueued } from '../../db/search-upkeep.ts';

/** `%text%` for LIKE with the wildcards of the text itself escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Shorter queries cannot use the trigram index (SQLite); they fall back to a LIKE scan. */
const MIN_INDEXED_QUERY = 3;

/** A phrase of an FTS5 query: the text in double quotes, its own quotes doubled. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** What a typed search looks for: the text, its digits, and a request number when it is one. */
function searchTerms(text: string) {
  const digits = text.replace(/\D/g, '');
  const number = /^#?\d{1,10}$/.test(text) ? Number(text.replace('#', '')) : null;
  // A control character cannot be typed into the box; it would also straddle the fields joined by one.
  const clean = text.replace(/\p{Cc}/gu, ' ');
  return {
    clean,
    digits,
    byNumber: number !== null && number <= MAX_ID ? number : null,
    withDigits: digits.length >= 3,
    indexed: [...clean].length >= MIN_INDEXED_QUERY,
  };
}

/**
 * The matching rowids of SQLite's two FTS5 trigram indexes (migration 0016), as one
 * compound select: the text in the name's, or in the phone's and address's, or its digits
 * in the phone's.
 */
function ftsMatches(terms: ReturnType<typeof searchTerms>) {
  const phrase = ftsPhrase(terms.clean);
  let contact = `{phone address} : ${phrase}`;
  if (terms.withDigits) contact += ` OR phone_digits : ${ftsPhrase(terms.digits)}`;
  return sql`select rowid as id from repair_requests_search_name where repair_requests_search_name match ${phrase}
    union select rowid from repair_requests_search_contact where repair_requests_search_contact match ${contact}`;
}

/**
 * PostgreSQL: the ids whose search row holds the text, through the trigram GIN indexes on the
 * folded name, phone and address, and the phone's digits (migrations 0016 and 0052).
 */
function postgresMatches(terms: ReturnType<typeof searchTerms>) {
  const pattern = containsPattern(terms.clean);
  const digits = terms.withDigits ? sql` or s.phone_digits like ${containsPattern(terms.digits)} escape '\\'` : sql``;
  return sql`select s.request_id as id from request_search s
    where s.search_name like acende_fold(${pattern}) escape '\\'
      or s.search_contact like acende_fold(${pattern}) escape '\\'${digits}`;
}

export function searchCondition(
  eb: ExpressionBuilder<Database, 'repairRequests'>,
  dialect: Dialect,
  text: string,
): Expression<SqlBool> {
  const terms = searchTerms(text);
  const { clean, byNumber } = terms;

  if (dialect === 'postgres') {
    const ors: Expression<SqlBool>[] = [sql<boolean>`repair_requests.id in (${postgresMatches(terms)})`];
    if (byNumber !== null) ors.push(eb('repairRequests.id', '=', byNumber));
    return eb.or(ors);
  }

  if (terms.indexed) {
    // The FTS5 trigram tables (contentless, indexed before the search) give the matching rowids.
    const numberPart = byNumber !== null ? sql` union all select ${byNumber}` : sql``;
    return sql<boolean>`repair_requests.id in (${ftsMatches(terms)}${numberPart})`;
  }
  // One or two characters: a scan, as before (case-insensitive for ASCII only).
  const pattern = containsPattern(clean);
  const like = (column: 'name' | 'phone' | 'address') =>
    sql<boolean>`lower(${eb.ref(`repairRequests.${column}`)}) like ${pattern} escape '\\'`;
  const ors: Expression<SqlBool>[] = [like('name'), like('phone'), like('address')];
  if (byNumber !== null) ors.push(eb('repairRequests.id', '=', byNumber));
  return eb.or(ors);
}

/**
 * The ids of the newest `size` + 1 requests matching the text, newest first. "Newest" is
 * by id: ids grow with created_at, both assigned at insertion (seedRequests also creates
 * request i in the i-th slice of its year), so the window holds the first rows of the list.
 */
export async function searchWindow(db: Db, text: string, size: number): Promise<number[]> {
  const dialect = dialectOf(db);
  const terms = searchTerms(text);
  // What was filed before the search is indexed first (decisions 0060 and 0075).
  await indexAllQueued(db);
  if (dialect === 'sqlite' && terms.indexed) {
    // FTS5 walks a match's rowids in order and SQLite merges the indexes' walks, stopping
    // at the limit, never reading them all.
    const numberPart =
      terms.byNumber !== null ? sql` union select id from repair_requests where id = ${terms.byNumber}` : sql``;
    const { rows } = await sql<{
      id: number;
    }>`${ftsMatches(terms)}${numberPart} order by 1 desc limit ${size + 1}`.execute(db);
    return rows.map((row) => Number(row.id));
  }
  if (dialect === 'postgres') {
    // The planner picks the trigram indexes for rare text and walks the search rows' key
    // backwards for common text.
    const [matches, numbered] = await Promise.all([
      sql<{ id: number }>`${postgresMatches(terms)} order by s.request_id desc limit ${size + 1}`.execute(db),
      terms.byNumber === null
        ? undefined
        : db.selectFrom('repairRequests').select('id').where('id', '=', terms.byNumber).executeTakeFirst(),
    ]);
    const ids = new Set(matches.rows.map((row) => Number(row.id)));
    if (numbered) ids.add(numbered.id);
    return [...ids].sort((a, b) => b - a).slice(0, size + 1);
  }
  // SQLite's short queries: a scan that stops at the limit.
  const rows = await db
    .selectFrom('repairRequests')
    .select('repairRequests.id')
    .where((eb) => searchCondition(eb, dialect, text))
    .orderBy('repairRequests.id', 'desc')
    .limit(size + 1)
    .execute();
  return rows.map((row) => Number(row.id));
}
