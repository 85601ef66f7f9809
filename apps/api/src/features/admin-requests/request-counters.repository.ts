// Request counts for the dashboard and the list's totals, summed from the counters kept by
// triggers (migration 0006), never counted from the table; and the companies a scope sees.
import type { RequestStatus } from '@acende/shared/enums';
import { sql } from 'kysely';
import type { Scope } from '../../core/requests/scope.ts';
import type { Db } from '../../db/database.ts';

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
