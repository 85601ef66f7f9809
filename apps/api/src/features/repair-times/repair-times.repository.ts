// Repair times per energy company × problem type, exact and cheap on a million requests
// (decision 0036): counts by status, overdue now, repaired within target, and the median and
// p90 time to repair, all read from migration 0040's partial indexes. The percentiles are
// ordered index seeks (`order by repair_ms limit 2 offset k`, n known from the counts), not a
// sort of every completed request. Used by the SLA report and the public transparency page.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type RawBuilder, sql } from 'kysely';
import { type Db, dialectOf } from '../../db/database.ts';

/** Which requests count. Instants are ISO-8601 UTC text, lower bounds inclusive, upper exclusive. */
export interface RepairTimesFilter {
  /** The reader's company scope (decision 0002 §3): null for all companies. */
  scope: number[] | null;
  companyId?: number | null;
  problemType?: string | null;
  /** Received window (created_at): every figure counts only requests filed in it. */
  createdFrom?: string | null;
  createdBefore?: string | null;
  /**
   * Closed window (closed_at): the closed requests (completed, cancelled) count only when
   * closed in it; the work in hand (open, in progress, overdue) is not affected.
   */
  closedFrom?: string | null;
  closedBefore?: string | null;
}

export interface RepairTimesGroup {
  companyId: number;
  problemType: string;
  open: number;
  inProgress: number;
  /** Completed ("repaired"). */
  completed: number;
  cancelled: number;
  /** Completed with closed_at <= due_at (the due time the request carried). */
  completedWithinTarget: number;
  /** Completed with a completion time (closed_at set: always, since 0032): the percentiles' n. */
  timed: number;
  /** Open or in progress with due_at before `now`. */
  overdue: number;
  /** Exact, linear interpolation between the two ranks around (n − 1)p, rounded to the second. */
  medianSeconds: number | null;
  p90Seconds: number | null;
}

const CLOSED = sql`status in ('completed', 'cancelled')`;
const IN_HAND = sql`status in ('open', 'in_progress')`;

/** The filter's conditions on the index columns (the closed window only where `closed` is true). */
function conditions(filter: RepairTimesFilter, closed: boolean): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (filter.scope) {
    out.push(filter.scope.length ? sql`company_id in (${sql.join(filter.scope)})` : sql`1 = 0`);
  }
  if (filter.companyId != null) out.push(sql`company_id = ${filter.companyId}`);
  if (filter.problemType != null) out.push(sql`problem_type = ${filter.problemType}`);
  if (filter.createdFrom) out.push(sql`created_at >= ${filter.createdFrom}`);
  if (filter.createdBefore) out.push(sql`created_at < ${filter.createdBefore}`);
  if (closed && filter.closedFrom) out.push(sql`closed_at >= ${filter.closedFrom}`);
  if (closed && filter.closedBefore) out.push(sql`closed_at < ${filter.closedBefore}`);
  return out;
}

const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``);

/**
 * SQLite plans without statistics and may prefer a wider index; naming the partial index keeps
 * every read on it. PostgreSQL chooses for itself (its statistics see the same).
 */
const fromIndex = (db: Db, index: string) =>
  dialectOf(db) === 'postgres' ? sql`repair_requests` : sql`repair_requests indexed by ${sql.raw(index)}`;

/** The two values at ranks floor((n−1)p) and the next, in ms, of one group's (or all) completed requests. */
async function ranksAt(db: Db, where: RawBuilder<unknown>[], index: string, n: number, p: number) {
  const offset = Math.floor((n - 1) * p);
  const result = await sql<{ repairMs: number | string }>`select repair_ms from ${fromIndex(db, index)}
    where status = 'completed' and repair_ms is not null ${index === 'repair_requests_closed_times_idx' ? sql`and ${CLOSED}` : sql``} ${and(where)}
    order by repair_ms limit 2 offset ${offset}`.execute(db);
  await nextTurn();
  return result.rows.map((r) => Number(r.repairMs));
}

/**
 * percentile_cont over n ascending values in ms, from the values at ranks floor((n−1)p) and the
 * next (undefined past the end), in seconds rounded as the other reports' percentile().
 */
export function percentileFromRanks(values: (number | undefined)[], n: number, p: number): number | null {
  const a = values[0];
  if (n === 0 || a === undefined) return null;
  const position = (n - 1) * p;
  const lo = Math.floor(position);
  const b = Math.ceil(position) === lo ? a : (values[1] ?? a);
  return Math.round((a + (b - a) * (position - lo)) / 1000);
}

async function percentilesOf(db: Db, where: RawBuilder<unknown>[], index: string, n: number) {
  if (n === 0) return { medianSeconds: null, p90Seconds: null };
  const [median, p90] = [await ranksAt(db, where, index, n, 0.5), await ranksAt(db, where, index, n, 0.9)];
  return { medianSeconds: percentileFromRanks(median, n, 0.5), p90Seconds: percentileFromRanks(p90, n, 0.9) };
}

/**
 * Every company × problem type with at least one matching request (any status), unordered.
 * `now` decides what is overdue. `countsOnly` leaves the percentiles null and skips their index
 * seeks: for a caller that needs the counts alone (the transparency page's "received").
 */
export async function listRepairTimes(
  db: Db,
  filter: RepairTimesFilter,
  now: string,
  { countsOnly = false }: { countsOnly?: boolean } = {},
): Promise<RepairTimesGroup[]> {
  const closedWhere = conditions(filter, true);
  const inHandWhere = conditions(filter, false);
  // Both group by the leading columns of their index, so neither sorts.
  const closed = await sql<{
    companyId: number;
    problemType: string;
    status: string;
    n: number | string;
    met: number | string;
    timed: number | string;
  }>`select company_id, problem_type, status, count(*) as n,
      sum(case when status = 'completed' and closed_at <= due_at then 1 else 0 end) as met,
      count(repair_ms) as timed
    from ${fromIndex(db, 'repair_requests_closed_times_idx')}
    where ${CLOSED} ${and(closedWhere)}
    group by company_id, problem_type, status`.execute(db);
  // better-sqlite3 answers synchronously: a turn of the event loop between reads lets other
  // calls (another report's first byte, the dashboard) in, instead of waiting for all of them.
  await nextTurn();
  const inHand = await sql<{
    companyId: number;
    problemType: string;
    status: string;
    n: number | string;
    overdue: number | string;
  }>`select company_id, problem_type, status, count(*) as n,
      sum(case when due_at < ${now} then 1 else 0 end) as overdue
    from ${fromIndex(db, 'repair_requests_open_times_idx')}
    where ${IN_HAND} ${and(inHandWhere)}
    group by company_id, problem_type, status`.execute(db);
  await nextTurn();

  const groups = new Map<string, RepairTimesGroup>();
  const groupOf = (companyId: number, problemType: string) => {
    const key = `${companyId}|${problemType}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        companyId: Number(companyId),
        problemType,
        open: 0,
        inProgress: 0,
        completed: 0,
        cancelled: 0,
        completedWithinTarget: 0,
        timed: 0,
        overdue: 0,
        medianSeconds: null,
        p90Seconds: null,
      };
      groups.set(key, group);
    }
    return group;
  };
  for (const r of closed.rows) {
    const g = groupOf(r.companyId, r.problemType);
    if (r.status === 'completed') {
      g.completed = Number(r.n);
      g.completedWithinTarget = Number(r.met);
      g.timed = Number(r.timed);
    } else g.cancelled = Number(r.n);
  }
  for (const r of inHand.rows) {
    const g = groupOf(r.companyId, r.problemType);
    if (r.status === 'open') g.open = Number(r.n);
    else g.inProgress = Number(r.n);
    g.overdue += Number(r.overdue);
  }
  if (countsOnly) return [...groups.values()];
  for (const g of groups.values()) {
    const where = [...closedWhere, sql`company_id = ${g.companyId}`, sql`problem_type = ${g.problemType}`];
    Object.assign(g, await percentilesOf(db, where, 'repair_requests_closed_times_idx', g.timed));
  }
  return [...groups.values()];
}

/**
 * The median and p90 time to repair of all matching completed requests together (n: the sum
 * of listRepairTimes' `timed` under the same filter), by ordered seeks over the repair-time index.
 */
export function overallRepairPercentiles(db: Db, filter: RepairTimesFilter, n: number) {
  return percentilesOf(db, conditions(filter, true), 'repair_requests_repair_ms_idx', n);
}
