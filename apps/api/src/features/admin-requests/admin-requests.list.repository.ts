// One page of the operators' request list and its total: keyset or numbered pages, and a
// search read within the window of its newest matches (issue 10).
import { sql } from 'kysely';
import { type Db, dialectOf } from '../../db/database.ts';
import {
  applyFilters,
  applyScope,
  type Cursor,
  type ListFilters,
  type Scope,
  type Within,
} from './admin-requests.filters.ts';
import { searchWindow } from './admin-requests.search.ts';
import { countFiltered, idSpan, roughly } from './admin-requests.totals.ts';

/**
 * A search counts and pages within the newest SEARCH_WINDOW matches (plus one, to know
 * there are more) instead of all of them: tens of thousands of matches of a common name
 * cost far more to count than to show (issue 10). Past the window the total is an estimate.
 */
export const SEARCH_WINDOW = 1000;

/** Index entries SQLite may walk for a page before looking the window's ids up costs less. */
const WALK_LIMIT = 50_000;

function hasOtherFilters(filters: ListFilters): boolean {
  return Boolean(
    filters.status || filters.problemType || filters.companyId || filters.assignedToId || filters.from || filters.to,
  );
}

/**
 * One page of rows, newest first. With a cursor the page starts right after it (keyset:
 * the index is entered at the cursor); otherwise at (page - 1) * pageSize, skipping ids
 * only in the index before the rows of the page are read. `within` limits it to a
 * search's window of ids.
 */
function readPage(
  db: Db,
  scope: Scope,
  filters: ListFilters,
  page: number,
  pageSize: number,
  cursor: Cursor | undefined,
  within?: Within,
) {
  const dialect = dialectOf(db);
  const lookUpIds = within !== undefined && !within.walkCreated && dialect === 'sqlite';
  let ids = applyFilters(
    applyScope(db.selectFrom('repairRequests'), scope, within !== undefined && dialect === 'sqlite'),
    filters,
    dialect,
    within,
  ).select('repairRequests.id');
  if (cursor && lookUpIds) {
    // As `+column` above: the window's ids drive, not the created_at index.
    ids = ids.where(
      sql<boolean>`(+${sql.ref('repairRequests.createdAt')}, +${sql.ref('repairRequests.id')}) < (${cursor.createdAt}, ${cursor.id})`,
    );
  } else if (cursor) {
    ids = ids.where((eb) =>
      eb(eb.refTuple('repairRequests.createdAt', 'repairRequests.id'), '<', eb.tuple(cursor.createdAt, cursor.id)),
    );
  }
  ids = ids
    .orderBy('repairRequests.createdAt', 'desc')
    .orderBy('repairRequests.id', 'desc')
    .limit(pageSize)
    .offset(cursor ? 0 : (page - 1) * pageSize);
  // `id in (page of ids)`: both engines then read the rows by primary key and sort only
  // those (a derived-table join let SQLite walk the whole created_at index instead).
  return db
    .selectFrom('repairRequests')
    .innerJoin('energyCompanies', 'energyCompanies.id', 'repairRequests.companyId')
    .select([
      'repairRequests.id',
      'repairRequests.name',
      'repairRequests.phone',
      'repairRequests.email',
      'repairRequests.address',
      'repairRequests.problemType',
      'repairRequests.status',
      'repairRequests.companyId',
      'energyCompanies.name as companyName',
      'repairRequests.assignedToId',
      'repairRequests.assignedTo',
      'repairRequests.createdAt',
      'repairRequests.updatedAt',
    ])
    .where('repairRequests.id', 'in', ids)
    .orderBy('repairRequests.createdAt', 'desc')
    .orderBy('repairRequests.id', 'desc')
    .execute();
}

/**
 * One page, newest first, and the total: exact, or for a search with more matches than
 * `windowSize` an estimate (`totalIsEstimate`). `windowSize` is for tests; callers keep the default.
 */
export async function listRequests(
  db: Db,
  scope: Scope,
  filters: ListFilters,
  page: number,
  pageSize: number,
  cursor?: Cursor,
  windowSize = SEARCH_WINDOW,
) {
  if (!filters.q) {
    const [total, items] = await Promise.all([
      countFiltered(db, scope, filters),
      readPage(db, scope, filters, page, pageSize, cursor),
    ]);
    return { total, totalIsEstimate: false, items };
  }

  const ids = await searchWindow(db, filters.q, windowSize);
  if (ids.length === 0) return { total: 0, totalIsEstimate: false, items: [] };
  // Up to `windowSize` ids: every match is here, so the page and total are exact.
  const complete = ids.length <= windowSize;
  const oldest = ids[ids.length - 1] as number;
  const sqlite = dialectOf(db) === 'sqlite';
  const countWithin = async () => {
    if (scope === null && !hasOtherFilters(filters)) return ids.length;
    const row = await applyFilters(applyScope(db.selectFrom('repairRequests'), scope, sqlite), filters, dialectOf(db), {
      ids,
    })
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  };
  // Index entries SQLite would walk from the newest to fill the page: few when the window
  // is dense and the page early. Other filters thin the window by an unknown share: not then.
  const walk = (((cursor ? 0 : (page - 1) * pageSize) + pageSize) * ((ids[0] as number) - oldest + 1)) / ids.length;
  const walkCreated = sqlite && !complete && !hasOtherFilters(filters) && walk <= WALK_LIMIT;
  const [inWindow, firstTry, span] = await Promise.all([
    countWithin(),
    readPage(db, scope, filters, page, pageSize, cursor, { ids, walkCreated }),
    complete ? undefined : idSpan(db, filters),
  ]);
  if (complete) return { total: inWindow, totalIsEstimate: false, items: firstTry };

  // A full page from the window is the true page: every match outside it is older. A page
  // that runs past the window (deep pages of a vague search, or filters that keep few of
  // its rows) is read without it, as before the window existed: slower, and rare.
  let items = firstTry;
  if (items.length < pageSize) {
    items = await readPage(db, scope, filters, page, pageSize, cursor);
    // A short page by number, read whole, is the last one: the total is known.
    if (!cursor && items.length < pageSize && (items.length > 0 || page === 1)) {
      return { total: (page - 1) * pageSize + items.length, totalIsEstimate: false, items };
    }
  }
  const start = span ? Math.max(oldest, span.low) : oldest;
  if (!span || inWindow === 0 || span.high < start) {
    // None of the filtered rows is in the window, so it tells nothing: count, as before it.
    return { total: await countFiltered(db, scope, filters), totalIsEstimate: false, items };
  }
  // The window's part of the span holds `inWindow` of the filtered matches; the rest of the
  // span is taken to hold them as densely. Filters that follow age (status: recent requests
  // are mostly open) make this rougher, which "about" owns up to.
  const estimate = (inWindow * (span.high - span.low + 1)) / (span.high - start + 1);
  const seen = Math.max(inWindow, (cursor ? 0 : (page - 1) * pageSize) + items.length);
  return { total: roughly(estimate, seen), totalIsEstimate: true, items };
}
