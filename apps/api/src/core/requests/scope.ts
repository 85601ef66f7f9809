// The company scope as SQL: which repair requests an account may see (decision 0002 §3),
// applied by every repository that lists or reads requests for an admin.
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type Scope = number[] | null;

export type RequestsQuery<O> = SelectQueryBuilder<Database, 'repairRequests', O>;

/**
 * A column to filter on. `unindexed` (SQLite, inside a search window) writes it `+column`,
 * which keeps SQLite from driving the query by that column's index: it has no statistics,
 * takes `status = ?` for a few rows, and would walk every open request to find the window's.
 */
export function column(
  name: `repairRequests.${'companyId' | 'status' | 'problemType' | 'assignedToId' | 'createdAt'}`,
  unindexed: boolean,
) {
  return unindexed ? sql`+${sql.ref(name)}` : sql.ref(name);
}

export function applyScope<O>(query: RequestsQuery<O>, scope: Scope, unindexed = false): RequestsQuery<O> {
  if (scope === null) return query;
  if (scope.length === 0) return query.where(sql<boolean>`1 = 0`);
  return query.where(column('repairRequests.companyId', unindexed), 'in', scope);
}
