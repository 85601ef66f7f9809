// The scope and the filters of the operators' request list as Kysely conditions. Every
// read takes the caller's company scope (decision 0002 §3: null = all companies) from here.
import type { AdminRequestListQuery } from '@acende/shared/schemas/admin-request-filters';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { startOfDayUtc } from '../../core/format.ts';
import { column, type RequestsQuery } from '../../core/requests/scope.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { searchCondition } from './admin-requests.search.ts';

/**
 * The day bounds: a bare date is a whole day in the service's time zone, as the reports read
 * theirs (both ends inclusive); an instant is used as it is. Bounds compare with the stored
 * text, so they must keep a four-digit year: the query schema (LAST_FILTER_DAY) refuses days
 * and instants whose bound, or the day after `to`, would pass year 9999.
 */
export function lowerBound(from: string): string {
  return from.length === 10 ? startOfDayUtc(from) : from;
}
export function upperBound(to: string): { op: '<' | '<='; value: string } {
  if (to.length !== 10) return { op: '<=', value: to };
  return { op: '<', value: startOfDayUtc(to, 1) };
}

export type ListFilters = Omit<AdminRequestListQuery, 'page' | 'pageSize' | 'cursor' | 'sort' | 'dir' | 'deadline'> & {
  /** Only requests being worked on whose due time is before this instant: the overdue ones (decision 0029). */
  overdueBefore?: string;
};

/** The list query's filters as the repository takes them: "overdue" becomes a due time before `now`. */
export function listFiltersOf(query: AdminRequestListQuery, now: Date): ListFilters {
  const { page, pageSize, cursor, sort, dir, deadline, ...rest } = query;
  return deadline === 'overdue' ? { ...rest, overdueBefore: now.toISOString() } : rest;
}

/** Where the next page starts: the values of the list's order columns in the last row shown. */
export type Cursor = (string | number)[];

/** A search's window of ids (see searchWindow), and how SQLite reads the rows it holds. */
export interface Within {
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
export function applyFilters<O>(
  query: RequestsQuery<O>,
  filters: ListFilters,
  dialect: Dialect,
  within?: Within,
  /** SQLite: columns written `+column` besides a window's (the list's order index drives). */
  loose: readonly Parameters<typeof column>[0][] = [],
): RequestsQuery<O> {
  let q = query;
  const unindexed = within !== undefined && dialect === 'sqlite';
  const col = (name: Parameters<typeof column>[0]) =>
    column(name, unindexed || (dialect === 'sqlite' && loose.includes(name)));
  if (filters.status) q = q.where(col('repairRequests.status'), '=', filters.status);
  if (filters.problemType) q = q.where(col('repairRequests.problemType'), '=', filters.problemType);
  if (filters.companyId) q = q.where(col('repairRequests.companyId'), '=', filters.companyId);
  if (filters.assignedToId) q = q.where(col('repairRequests.assignedToId'), '=', filters.assignedToId);
  // A pole keeps few requests: its index (migration 0029) drives whenever it is named.
  if (filters.pole) q = q.where('repairRequests.poleNumber', '=', filters.pole);
  if (filters.overdueBefore) {
    // The partial index repair_requests_due_idx's own condition, so it can drive.
    q = q.where(sql<boolean>`repair_requests.status in ('open', 'in_progress')`);
    q = q.where('repairRequests.dueAt', '<', filters.overdueBefore);
  }
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
