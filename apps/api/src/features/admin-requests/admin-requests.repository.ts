// SQL for the operators' view of repair requests. Every read and write takes the
// caller's company scope (DECISIONS 3: null = all companies) so no route can forget it.
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

function applyScope<O>(query: RequestsQuery<O>, scope: Scope): RequestsQuery<O> {
  if (scope === null) return query;
  if (scope.length === 0) return query.where(sql<boolean>`1 = 0`);
  return query.where('repairRequests.companyId', 'in', scope);
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

function searchCondition(
  eb: ExpressionBuilder<Database, 'repairRequests'>,
  dialect: Dialect,
  text: string,
): Expression<SqlBool> {
  const digits = text.replace(/\D/g, '');
  const number = /^#?\d{1,10}$/.test(text) ? Number(text.replace('#', '')) : null;
  const byNumber = number !== null && number <= 2_147_483_647 ? number : null;
  const withDigits = digits.length >= 3;
  // A control character cannot be typed into the box; it would also straddle the fields joined by one.
  const clean = text.replace(/\p{Cc}/gu, ' ');

  if (dialect === 'postgres') {
    // Trigram GIN indexes on the stored folded text and phone digits (migration 0006).
    const ors: Expression<SqlBool>[] = [
      sql<boolean>`repair_requests.search_text like acende_fold(${containsPattern(clean)}) escape '\\'`,
    ];
    if (withDigits) {
      ors.push(sql<boolean>`repair_requests.phone_digits like ${containsPattern(digits)} escape '\\'`);
    }
    if (byNumber !== null) ors.push(eb('repairRequests.id', '=', byNumber));
    return eb.or(ors);
  }

  if ([...clean].length >= MIN_INDEXED_QUERY) {
    // The FTS5 trigram table (contentless, kept by triggers) gives the matching rowids.
    let match = `{name phone address} : ${ftsPhrase(clean)}`;
    if (withDigits) match += ` OR phone_digits : ${ftsPhrase(digits)}`;
    const numberPart = byNumber !== null ? sql` union all select ${byNumber}` : sql``;
    return sql<boolean>`repair_requests.id in (select rowid from repair_requests_search where repair_requests_search match ${match}${numberPart})`;
  }
  // One or two characters: a scan, as before (case-insensitive for ASCII only).
  const pattern = containsPattern(clean);
  const like = (column: 'name' | 'phone' | 'address') =>
    sql<boolean>`lower(${eb.ref(`repairRequests.${column}`)}) like ${pattern} escape '\\'`;
  const ors: Expression<SqlBool>[] = [like('name'), like('phone'), like('address')];
  if (byNumber !== null) ors.push(eb('repairRequests.id', '=', byNumber));
  return eb.or(ors);
}

function applyFilters<O>(query: RequestsQuery<O>, filters: ListFilters, dialect: Dialect): RequestsQuery<O> {
  let q = query;
  if (filters.status) q = q.where('repairRequests.status', '=', filters.status);
  if (filters.problemType) q = q.where('repairRequests.problemType', '=', filters.problemType);
  if (filters.companyId) q = q.where('repairRequests.companyId', '=', filters.companyId);
  if (filters.assignedToId) q = q.where('repairRequests.assignedToId', '=', filters.assignedToId);
  if (filters.from) q = q.where('repairRequests.createdAt', '>=', lowerBound(filters.from));
  if (filters.to) {
    const bound = upperBound(filters.to);
    q = q.where('repairRequests.createdAt', bound.op, bound.value);
  }
  if (filters.q) {
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
 * One page, newest first. With a cursor the page starts right after it (keyset: the index
 * is entered at the cursor); otherwise at (page - 1) * pageSize, skipping ids only in the
 * index before the rows of the page are read.
 */
export async function listRequests(
  db: Db,
  scope: Scope,
  filters: ListFilters,
  page: number,
  pageSize: number,
  cursor?: Cursor,
) {
  const dialect = dialectOf(db);
  let ids = applyFilters(applyScope(db.selectFrom('repairRequests'), scope), filters, dialect).select(
    'repairRequests.id',
  );
  if (cursor) {
    ids = ids.where((eb) =>
      eb(eb.refTuple('repairRequests.createdAt', 'repairRequests.id'), '<', eb.tuple(cursor.createdAt, cursor.id)),
    );
  }
  ids = ids
    .orderBy('repairRequests.createdAt', 'desc')
    .orderBy('repairRequests.id', 'desc')
    .limit(pageSize)
    .offset(cursor ? 0 : (page - 1) * pageSize);
  const [total, items] = await Promise.all([
    countFiltered(db, scope, filters),
    // `id in (page of ids)`: both engines then read the rows by primary key and sort only
    // those (a derived-table join let SQLite walk the whole created_at index instead).
    db
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
      .execute(),
  ]);
  return { total, items };
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
