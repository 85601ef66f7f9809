// SQL for the operators' view of repair requests. Every read and write takes the
// caller's company scope (DECISIONS 3: null = all companies) so no route can forget it.
import { MAX_ID } from '@acende/shared/constants';
import type { RequestStatus } from '@acende/shared/enums';
import type { AdminRequestListQuery } from '@acende/shared/schemas/admin-requests';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type Db, type Dialect, dialectOf, type Trx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type Scope = number[] | null;

type RequestsQuery<O> = SelectQueryBuilder<Database, 'repairRequests', O>;

/** `%text%` for LIKE with the wildcards of the text itself escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A column to filter on. `unindexed` (SQLite, inside a search window) writes it `+column`,
 * which keeps SQLite from driving the query by that column's index: it has no statistics,
 * takes `status = ?` for a few rows, and would walk every open request to find the window's.
 */
function column(
  name: `repairRequests.${'companyId' | 'status' | 'problemType' | 'assignedToId' | 'createdAt'}`,
  unindexed: boolean,
) {
  return unindexed ? sql`+${sql.ref(name)}` : sql.ref(name);
}

function applyScope<O>(query: RequestsQuery<O>, scope: Scope, unindexed = false): RequestsQuery<O> {
  if (scope === null) return query;
  if (scope.length === 0) return query.where(sql<boolean>`1 = 0`);
  return query.where(column('repairRequests.companyId', unindexed), 'in', scope);
}

/** The day bounds: a bare date is a whole UTC day; an instant is used as it is. */
function lowerBound(from: string): string {
  return from.length === 10 ? `${from}T00:00:00.000Z` : from;
}
function upperBound(to: string): { op: '<' | '<='; value: string } {
  if (to.length !== 10) return { op: '<=', value: to };
  const next = new Date(`${to}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { op: '<', value: next.toISOString() };
}

export type ListFilters = Omit<AdminRequestListQuery, 'page' | 'pageSize' | 'cursor'>;

/** Where the next page starts: the last row of the previous one, in the list's order. */
export interface Cursor {
  createdAt: string;
  id: number;
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

function searchCondition(
  eb: ExpressionBuilder<Database, 'repairRequests'>,
  dialect: Dialect,
  text: string,
): Expression<SqlBool> {
  const terms = searchTerms(text);
  const { clean, digits, byNumber, withDigits } = terms;

  if (dialect === 'postgres') {
    // Trigram GIN indexes on the stored folded name, phone and address, and phone digits
    // (migrations 0006 and 0016).
    const pattern = containsPattern(clean);
    const ors: Expression<SqlBool>[] = [
      sql<boolean>`repair_requests.search_name like acende_fold(${pattern}) escape '\\'`,
      sql<boolean>`repair_requests.search_contact like acende_fold(${pattern}) escape '\\'`,
    ];
    if (withDigits) {
      ors.push(sql<boolean>`repair_requests.phone_digits like ${containsPattern(digits)} escape '\\'`);
    }
    if (byNumber !== null) ors.push(eb('repairRequests.id', '=', byNumber));
    return eb.or(ors);
  }

  if (terms.indexed) {
    // The FTS5 trigram tables (contentless, kept by triggers) give the matching rowids.
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

/** A search's window of ids (see searchWindow), and how SQLite reads the rows it holds. */
interface Within {
  ids: number[];
  /**
   * SQLite: walk the created_at index from the newest and keep the window's ids, instead
   * of looking up every id and sorting. Cheaper for the first pages of a dense window.
   */
  walkCreated?: boolean;
}

/** `id` is one of the window's, passed as one parameter so the statement text stays the same. */
function idIn(dialect: Dialect, within: Within): Expression<SqlBool> {
  if (dialect === 'postgres') return sql<boolean>`repair_requests.id = any(${within.ids}::integer[])`;
  // `+id` keeps SQLite from looking the ids up by rowid, so it walks the index it sorts by.
  const id = within.walkCreated ? sql`+repair_requests.id` : sql`repair_requests.id`;
  return sql<boolean>`${id} in (select value from json_each(${JSON.stringify(within.ids)}))`;
}

/**
 * The filters as conditions. With `within` (a search's window of ids, see searchWindow),
 * the text condition is replaced by "one of those ids".
 */
function applyFilters<O>(
  query: RequestsQuery<O>,
  filters: ListFilters,
  dialect: Dialect,
  within?: Within,
): RequestsQuery<O> {
  let q = query;
  const unindexed = within !== undefined && dialect === 'sqlite';
  const col = (name: Parameters<typeof column>[0]) => column(name, unindexed);
  if (filters.status) q = q.where(col('repairRequests.status'), '=', filters.status);
  if (filters.problemType) q = q.where(col('repairRequests.problemType'), '=', filters.problemType);
  if (filters.companyId) q = q.where(col('repairRequests.companyId'), '=', filters.companyId);
  if (filters.assignedToId) q = q.where(col('repairRequests.assignedToId'), '=', filters.assignedToId);
  if (filters.from) q = q.where(col('repairRequests.createdAt'), '>=', lowerBound(filters.from));
  if (filters.to) {
    const bound = upperBound(filters.to);
    q = q.where(col('repairRequests.createdAt'), bound.op, bound.value);
  }
  if (within) {
    q = q.where(idIn(dialect, within));
  } else if (filters.q) {
    const text = filters.q;
    q = q.where((eb: ExpressionBuilder<Database, 'repairRequests'>) => searchCondition(eb, dialect, text));
  }
  return q;
}

/** Filters the counters answer exactly (company and status only). */
function countersAnswer(filters: ListFilters): boolean {
  return !filters.q && !filters.problemType && !filters.assignedToId && !filters.from && !filters.to;
}

// Totals of other filters are counted, and a large one is kept for a few seconds so that
// turning pages does not count again; a small one is cheap and always exact.
const TOTAL_CACHE_MS = 10_000;
const TOTAL_CACHE_FROM = 5_000;
const TOTAL_CACHE_ENTRIES = 500;
const totalCaches = new WeakMap<Db, Map<string, { total: number; until: number }>>();

async function countFiltered(db: Db, scope: Scope, filters: ListFilters): Promise<number> {
  if (countersAnswer(filters)) return sumCounters(db, scope, filters);
  let cache = totalCaches.get(db);
  if (!cache) {
    cache = new Map();
    totalCaches.set(db, cache);
  }
  const key = JSON.stringify([scope, filters]);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.total;
  const row = await applyFilters(applyScope(db.selectFrom('repairRequests'), scope), filters, dialectOf(db))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  if (total >= TOTAL_CACHE_FROM) {
    if (cache.size >= TOTAL_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, { total, until: now + TOTAL_CACHE_MS });
  }
  return total;
}

/** How many requests the counters hold for a scope, optionally one company and one status. */
export async function sumCounters(
  db: Db,
  scope: Scope,
  filters: { companyId?: number; status?: RequestStatus } = {},
): Promise<number> {
  if (scope !== null && scope.length === 0) return 0;
  let query = db.selectFrom('requestCounters').select((eb) => eb.fn.sum<number>('n').as('n'));
  if (scope !== null) query = query.where('companyId', 'in', scope);
  if (filters.companyId) query = query.where('companyId', '=', filters.companyId);
  if (filters.status) query = query.where('status', '=', filters.status);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A search counts and pages within the newest SEARCH_WINDOW matches (plus one, to know
 * there are more) instead of all of them: tens of thousands of matches of a common name
 * cost far more to count than to show (issue 10). Past the window the total is an estimate.
 */
export const SEARCH_WINDOW = 1000;

/** Index entries SQLite may walk for a page before looking the window's ids up costs less. */
const WALK_LIMIT = 50_000;

/**
 * The ids of the newest `size` + 1 requests matching the text, newest first. "Newest" is
 * by id: ids grow with created_at, both assigned at insertion (seedRequests also creates
 * request i in the i-th slice of its year), so the window holds the first rows of the list.
 */
async function searchWindow(db: Db, text: string, size: number): Promise<number[]> {
  const dialect = dialectOf(db);
  const terms = searchTerms(text);
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
  // PostgreSQL: the planner picks the trigram index for rare text and walks the primary
  // key backwards for common text. SQLite's short queries: a scan that stops at the limit.
  const rows = await db
    .selectFrom('repairRequests')
    .select('repairRequests.id')
    .where((eb) => searchCondition(eb, dialect, text))
    .orderBy('repairRequests.id', 'desc')
    .limit(size + 1)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * The ids the filtered list spans: the first request at or after `from` and the last at or
 * before `to` (the created_at index), else the ends of the primary key. Single index
 * lookups, read only to extrapolate an estimate.
 */
async function idSpan(db: Db, filters: ListFilters): Promise<{ low: number; high: number } | undefined> {
  const upper = filters.to ? upperBound(filters.to) : undefined;
  const from = filters.from;
  const row = await db
    .selectNoFrom((eb) => [
      (from
        ? eb
            .selectFrom('repairRequests')
            .select('id')
            .where('createdAt', '>=', lowerBound(from))
            .orderBy('createdAt')
            .orderBy('id')
            .limit(1)
        : eb.selectFrom('repairRequests').select((e) => e.fn.min('id').as('id'))
      ).as('low'),
      (upper
        ? eb
            .selectFrom('repairRequests')
            .select('id')
            .where('createdAt', upper.op, upper.value)
            .orderBy('createdAt', 'desc')
            .orderBy('id', 'desc')
            .limit(1)
        : eb.selectFrom('repairRequests').select((e) => e.fn.max('id').as('id'))
      ).as('high'),
    ])
    .executeTakeFirstOrThrow();
  if (row.low === null || row.high === null) return undefined;
  return { low: Number(row.low), high: Number(row.high) };
}

/**
 * An estimate as people say it: two significant digits (32,000; 1,600; 87), and never
 * below `atLeast` (matches already seen), rounding up when it would be.
 */
export function roughly(n: number, atLeast = 0): number {
  const value = Math.max(n, atLeast);
  if (value < 100) return Math.round(value);
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  const rounded = Math.round(value / unit) * unit;
  return rounded >= atLeast ? rounded : Math.ceil(atLeast / unit) * unit;
}

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

export function findRequest(db: Db | Trx, scope: Scope, id: number) {
  return applyScope(db.selectFrom('repairRequests'), scope)
    .innerJoin('energyCompanies', 'energyCompanies.id', 'repairRequests.companyId')
    .leftJoin('admins', 'admins.id', 'repairRequests.assignedToId')
    .select([
      'repairRequests.id',
      'repairRequests.name',
      'repairRequests.email',
      'repairRequests.phone',
      'repairRequests.address',
      'repairRequests.reference',
      'repairRequests.problemType',
      'repairRequests.latitude',
      'repairRequests.longitude',
      'repairRequests.district',
      'repairRequests.city',
      'repairRequests.status',
      'repairRequests.notes',
      'repairRequests.language',
      'repairRequests.companyId',
      'repairRequests.assignedToId',
      'repairRequests.assignedTo',
      'repairRequests.createdAt',
      'repairRequests.updatedAt',
      'energyCompanies.name as companyName',
      'energyCompanies.fullName as companyFullName',
      'energyCompanies.colorClass as companyColorClass',
      'energyCompanies.iconClass as companyIconClass',
      'energyCompanies.active as companyActive',
      'admins.name as assigneeName',
      'admins.username as assigneeUsername',
      'admins.active as assigneeActive',
    ])
    .where('repairRequests.id', '=', id)
    .executeTakeFirst();
}

export function listEvents(db: Db | Trx, requestId: number) {
  return db
    .selectFrom('requestEvents')
    .select([
      'id',
      'kind',
      'createdAt',
      'actorId',
      'actorName',
      'fromStatus',
      'toStatus',
      'assignedToId',
      'assignedTo',
      'notes',
    ])
    .where('requestId', '=', requestId)
    .orderBy('id')
    .execute();
}

/**
 * Writes the change only if nobody changed the row since `expectedUpdatedAt`
 * (optimistic concurrency); answers whether it did.
 */
export async function updateRequestIfUnchanged(
  trx: Trx,
  id: number,
  expectedUpdatedAt: string,
  values: {
    status: RequestStatus;
    assignedToId: number | null;
    assignedTo: string | null;
    notes: string | null;
    updatedAt: string;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('repairRequests')
    .set(values)
    .where('id', '=', id)
    .where('updatedAt', '=', expectedUpdatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertEvent(
  trx: Trx,
  event: {
    requestId: number;
    kind: string;
    actorId: number;
    actorName: string;
    fromStatus: RequestStatus | null;
    toStatus: RequestStatus | null;
    assignedToId: number | null;
    assignedTo: string | null;
    notes: string | null;
    createdAt: string;
  },
): Promise<void> {
  await trx.insertInto('requestEvents').values(event).execute();
}

/** Requests per status for a scope, summed from the counters (migration 0006), never from the table. */
export async function countByStatus(db: Db, scope: Scope) {
  if (scope !== null && scope.length === 0) return [];
  let query = db.selectFrom('requestCounters').select(['status', (eb) => eb.fn.sum<number>('n').as('count')]);
  if (scope !== null) query = query.where('companyId', 'in', scope);
  return query.groupBy('status').execute();
}

/** Requests per company and status for a scope, from the counters. */
export async function countByCompanyAndStatus(db: Db, scope: Scope) {
  if (scope !== null && scope.length === 0) return [];
  let query = db
    .selectFrom('requestCounters')
    .select(['companyId', 'status', (eb) => eb.fn.sum<number>('n').as('count')]);
  if (scope !== null) query = query.where('companyId', 'in', scope);
  return query.groupBy(['companyId', 'status']).execute();
}

/** Companies a scope may see, for the per-company counts (companies without requests included). */
export function listScopedCompanies(db: Db, scope: Scope) {
  let query = db.selectFrom('energyCompanies').select(['id', 'name', 'active']).orderBy('name').orderBy('id');
  if (scope !== null) query = scope.length ? query.where('id', 'in', scope) : query.where(sql<boolean>`1 = 0`);
  return query.execute();
}

/**
 * Active admin and user accounts that may see requests of `companyIds` (any of them):
 * admins and accounts without company links see everything (DECISIONS 3).
 * `companyIds` null means "any company".
 */
export function listAssignableAccounts(db: Db | Trx, companyIds: number[] | null, accountId?: number) {
  let query = db
    .selectFrom('admins')
    .select(['admins.id', 'admins.name', 'admins.username', 'admins.role'])
    .where('admins.active', '=', 1)
    .where('admins.role', 'in', ['admin', 'user']);
  if (accountId !== undefined) query = query.where('admins.id', '=', accountId);
  if (companyIds !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('admins.role', '=', 'admin'),
        eb.not(eb.exists(eb.selectFrom('adminCompanies').select('adminId').whereRef('adminId', '=', 'admins.id'))),
        companyIds.length
          ? eb.exists(
              eb
                .selectFrom('adminCompanies')
                .select('adminId')
                .whereRef('adminId', '=', 'admins.id')
                .where('companyId', 'in', companyIds),
            )
          : sql<boolean>`1 = 0`,
      ]),
    );
  }
  return query.orderBy('admins.name').orderBy('admins.id').execute();
}
