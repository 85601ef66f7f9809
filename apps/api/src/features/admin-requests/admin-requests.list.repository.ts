// One page of the operators' request list and its total: keyset or numbered pages, and a
// search read within the window of its newest matches (issue 10).
import type { RequestSortKey, SortDirection } from '@acende/shared/schemas/admin-request-filters';
import { type SelectQueryBuilder, sql } from 'kysely';
import { applyScope, type Scope } from '../../core/requests/scope.ts';
import { type Db, type Dialect, dialectOf } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { indexAllQueued } from '../../db/search-upkeep.ts';
import { applyFilters, type Cursor, type ListFilters, type Within } from './admin-requests.filters.ts';
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

type OrderColumn = `repairRequests.${'createdAt' | 'id' | 'status' | 'updatedAt' | 'dueAt'}`;

/**
 * The columns each sort reads, the id last to make the order total, all in one direction
 * so that one index walked forwards or backwards gives it (created_at, id; status,
 * created_at; updated_at, id in migration 0025; the primary key). A new sort key
 * (REQUEST_SORT_KEYS) adds its columns here.
 */
const SORT_COLUMNS: Record<RequestSortKey, OrderColumn[]> = {
  created: ['repairRequests.createdAt', 'repairRequests.id'],
  number: ['repairRequests.id'],
  status: ['repairRequests.status', 'repairRequests.createdAt', 'repairRequests.id'],
  updated: ['repairRequests.updatedAt', 'repairRequests.id'],
  // Soonest due first when ascending (index repair_requests_due_at_idx, migration 0033).
  due: ['repairRequests.dueAt', 'repairRequests.id'],
};

/**
 * Sorts whose ascending order runs the columns backwards. Status codes sort alphabetically
 * as cancelled, completed, in_progress, open: the reverse of the work's order, which
 * "ascending" means to an operator (open first); the routes test holds it.
 */
const REVERSED: ReadonlySet<RequestSortKey> = new Set(['status']);

/** The order of a list: which sort, which way. */
export interface ListOrder {
  sort: RequestSortKey;
  dir: SortDirection;
}

export const NEWEST_FIRST: ListOrder = { sort: 'created', dir: 'desc' };

export function isNewestFirst(order: ListOrder): boolean {
  return order.sort === NEWEST_FIRST.sort && order.dir === NEWEST_FIRST.dir;
}

/** The order's columns (the cursor holds their values) and the way the columns run. */
export function orderColumns(order: ListOrder): { columns: OrderColumn[]; direction: SortDirection } {
  const flip = REVERSED.has(order.sort);
  const direction: SortDirection = (order.dir === 'asc') !== flip ? 'asc' : 'desc';
  return { columns: SORT_COLUMNS[order.sort], direction };
}

/** The values of a row's order columns: the cursor of the page that follows it. */
export function cursorOf(
  order: ListOrder,
  row: { id: number; createdAt: string; status: string; updatedAt: string; dueAt: string | null },
): Cursor {
  return orderColumns(order).columns.map((column) => {
    const key = column.slice('repairRequests.'.length) as 'id' | 'createdAt' | 'status' | 'updatedAt' | 'dueAt';
    // Every request has a due time since migration 0033; '' stands for one without.
    return row[key] ?? '';
  });
}

/**
 * The query in `order`. `byIndex: false` writes each column as an expression no index
 * answers (SQLite `+column`, PostgreSQL `column || ''` or `id + 0`), so that the engine
 * reads the rows the filters narrow to and sorts them, instead of walking the order's
 * index past every row the filters refuse.
 */
function ordered<O>(
  query: SelectQueryBuilder<Database, 'repairRequests', O>,
  order: ListOrder,
  dialect: Dialect,
  byIndex = true,
): SelectQueryBuilder<Database, 'repairRequests', O> {
  const { columns, direction } = orderColumns(order);
  let q = query;
  for (const column of columns) {
    if (byIndex) q = q.orderBy(column, direction);
    else if (dialect === 'sqlite') q = q.orderBy(sql`+${sql.ref(column)}`, direction);
    else if (column === 'repairRequests.id') q = q.orderBy(sql`${sql.ref(column)} + 0`, direction);
    else q = q.orderBy(sql`${sql.ref(column)} || ''`, direction);
  }
  return q;
}

/**
 * Filters that keep few rows, or rows the order's index would reach late (a date range
 * against another order): with one of them the filter's index drives and the rows it keeps
 * are sorted, at a cost of the same order as counting them, which the total does anyway.
 * Without (none, company, status: a large share of the rows), the order's index drives and
 * a page stops after its rows. Newest first always walks created_at (its indexes pair it
 * with company, status and assignee).
 */
function narrows(filters: ListFilters, within: Within | undefined): boolean {
  return Boolean(filters.overdueBefore || filters.assignedToId || filters.pole || filters.from || filters.to || within);
}

function hasOtherFilters(filters: ListFilters): boolean {
  return Boolean(
    filters.status ||
      filters.problemType ||
      filters.companyId ||
      filters.assignedToId ||
      filters.pole ||
      filters.overdueBefore ||
      filters.from ||
      filters.to,
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
  order: ListOrder,
  page: number,
  pageSize: number,
  cursor: Cursor | undefined,
  within?: Within,
) {
  const dialect = dialectOf(db);
  const { columns, direction } = orderColumns(order);
  const past = direction === 'desc' ? sql`<` : sql`>`;
  const lookUpIds = within !== undefined && !within.walkCreated && dialect === 'sqlite';
  const sortFirst = order.sort !== 'created' && !narrows(filters, within);
  // SQLite takes `company_id = ?` (or `status = ?`) for a good start; when the order's index
  // should drive, they are written `+column` (but not the order's own first column).
  const loose =
    sortFirst && dialect === 'sqlite'
      ? (['repairRequests.companyId', 'repairRequests.status'] as const).filter((c) => c !== columns[0])
      : [];
  let ids = applyFilters(
    applyScope(
      db.selectFrom('repairRequests'),
      scope,
      (within !== undefined || loose.length > 0) && dialect === 'sqlite',
    ),
    filters,
    dialect,
    within,
    loose,
  ).select('repairRequests.id');
  if (cursor) {
    // As `+column` above: with the window's ids looked up, they drive, not an order index.
    const refs = columns.map((column) => (lookUpIds ? sql`+${sql.ref(column)}` : sql.ref(column)));
    ids = ids.where(sql<boolean>`(${sql.join(refs)}) ${past} (${sql.join(cursor.map((value) => sql`${value}`))})`);
  }
  // Status sorted within one status is newest first: the (status, created_at) index answers it.
  const byIndex = order.sort === 'created' || sortFirst || (order.sort === 'status' && Boolean(filters.status));
  ids = ordered(ids, order, dialect, byIndex)
    .limit(pageSize)
    .offset(cursor ? 0 : (page - 1) * pageSize);
  // `id in (page of ids)`: both engines then read the rows by primary key and sort only
  // those (a derived-table join let SQLite walk the whole created_at index instead).
  const rows = db
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
      'repairRequests.poleNumber',
      'repairRequests.dueAt',
      'repairRequests.closedAt',
      'repairRequests.createdAt',
      'repairRequests.updatedAt',
      'repairRequests.reopenedAt',
    ])
    .where('repairRequests.id', 'in', ids);
  return ordered(rows, order, dialect).execute();
}

/**
 * One page in `order`, and the total: exact, or for a search with more matches than
 * `windowSize` an estimate (`totalIsEstimate`). `windowSize` is for tests; callers keep the default.
 */
export async function listRequests(
  db: Db,
  scope: Scope,
  filters: ListFilters,
  order: ListOrder,
  page: number,
  pageSize: number,
  cursor?: Cursor,
  windowSize = SEARCH_WINDOW,
) {
  if (!filters.q) {
    const [total, items] = await Promise.all([
      countFiltered(db, scope, filters),
      readPage(db, scope, filters, order, page, pageSize, cursor),
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
  const walkCreated = sqlite && !complete && isNewestFirst(order) && !hasOtherFilters(filters) && walk <= WALK_LIMIT;
  const [inWindow, firstTry, span] = await Promise.all([
    countWithin(),
    // In another order than newest first, the window (the newest matches) holds a page
    // only when it holds every match.
    complete || isNewestFirst(order)
      ? readPage(db, scope, filters, order, page, pageSize, cursor, { ids, walkCreated })
      : undefined,
    complete ? undefined : idSpan(db, filters),
  ]);
  if (complete && firstTry) return { total: inWindow, totalIsEstimate: false, items: firstTry };

  // A full page from the window is the true page: every match outside it is older. A page
  // that runs past the window (deep pages of a vague search, or filters that keep few of
  // its rows) is read without it, as before the window existed: slower, and rare.
  let items = firstTry;
  if (!items || items.length < pageSize) {
    items = await readPage(db, scope, filters, order, page, pageSize, cursor);
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

/**
 * The requests a scope and the list's filters match (the same conditions as the list), by
 * number, at most `limit`, with the updatedAt each was read at: a bulk change's "all matching".
 */
export async function listMatchingRequests(db: Db, scope: Scope, filters: ListFilters, limit: number) {
  // What was filed before is in the search indexes first (decisions 0060 and 0075).
  if (filters.q) await indexAllQueued(db);
  return applyFilters(applyScope(db.selectFrom('repairRequests'), scope), filters, dialectOf(db))
    .select(['repairRequests.id', 'repairRequests.updatedAt'])
    .orderBy('repairRequests.id')
    .limit(limit)
    .execute();
}
