// SQL for the operators' view of repair requests. Every read and write takes the
// caller's company scope (DECISIONS 3: null = all companies) so no route can forget it.
import type { RequestStatus } from '@acende/shared/enums';
import type { AdminRequestListQuery } from '@acende/shared/schemas/admin-requests';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type Scope = number[] | null;

type RequestsQuery<O> = SelectQueryBuilder<Database, 'repairRequests', O>;

/** `%text%` for LIKE with the wildcards of the text itself escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Phones are stored as typed ("(51) 99876-4321"); digits-only search compares against this.
const phoneDigits = sql<string>`replace(replace(replace(replace(replace(replace(repair_requests.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;

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

export type ListFilters = Omit<AdminRequestListQuery, 'page' | 'pageSize'>;

function applyFilters<O>(query: RequestsQuery<O>, filters: ListFilters): RequestsQuery<O> {
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
    const pattern = containsPattern(text);
    const digits = text.replace(/\D/g, '');
    const number = /^#?\d{1,10}$/.test(text) ? Number(text.replace('#', '')) : null;
    q = q.where((eb: ExpressionBuilder<Database, 'repairRequests'>) => {
      const like = (column: 'name' | 'phone' | 'address') =>
        sql<boolean>`lower(${eb.ref(`repairRequests.${column}`)}) like ${pattern} escape '\\'`;
      const ors: Expression<SqlBool>[] = [like('name'), like('phone'), like('address')];
      if (digits.length >= 3) ors.push(sql<boolean>`${phoneDigits} like ${containsPattern(digits)} escape '\\'`);
      if (number !== null && number <= 2_147_483_647) ors.push(eb('repairRequests.id', '=', number));
      return eb.or(ors);
    });
  }
  return q;
}

export async function listRequests(db: Db, scope: Scope, filters: ListFilters, page: number, pageSize: number) {
  const base = applyFilters(applyScope(db.selectFrom('repairRequests'), scope), filters);
  const [countRow, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
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
      .orderBy('repairRequests.createdAt', 'desc')
      .orderBy('repairRequests.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { total: Number(countRow.total), items };
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

export async function countByStatus(db: Db, scope: Scope) {
  return applyScope(db.selectFrom('repairRequests'), scope)
    .select(['repairRequests.status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('repairRequests.status')
    .execute();
}

export async function countByCompanyAndStatus(db: Db, scope: Scope) {
  return applyScope(db.selectFrom('repairRequests'), scope)
    .select(['repairRequests.companyId', 'repairRequests.status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['repairRequests.companyId', 'repairRequests.status'])
    .execute();
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
