// Repair times per energy company × problem type, exact and cheap on a million requests
// (decision 0036): counts by status, overdue now, repaired within target, and the median and
// p90 time to repair, all read from migration 0040's partial indexes. The percentiles are
// ordered index seeks (`order by repair_ms limit 2 offset k`, n known from the counts), not a
// sort of every completed request. Used by the SLA report and the public transparency page.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type RawBuilder, sql } from 'kysely';
import { type Db, dialectOf } from '../db/database.ts';

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

/** Groups per company × problem type, each made by `make` when first met. */
function groupsOf<T>(make: (companyId: number, problemType: string) => T) {
  const groups = new Map<string, T>();
  const groupOf = (companyId: number, problemType: string): T => {
    const key = `${companyId}|${problemType}`;
    let group = groups.get(key);
    if (!group) {
      group = make(Number(companyId), problemType);
      groups.set(key, group);
    }
    return group;
  };
  return { groupOf, all: () => [...groups.values()] };
}

/**
 * Every company × problem type with at least one matching request (any status), unordered.
 * `now` decides what is overdue.
 */
export async function listRepairTimes(db: Db, filter: RepairTimesFilter, now: string): Promise<RepairTimesGroup[]> {
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

  const { groupOf, all } = groupsOf<RepairTimesGroup>((companyId, problemType) => ({
    companyId,
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
  }));
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
  for (const g of all()) {
    const where = [...closedWhere, sql`company_id = ${g.companyId}`, sql`problem_type = ${g.problemType}`];
    Object.assign(g, await percentilesOf(db, where, 'repair_requests_closed_times_idx', g.timed));
  }
  return all();
}

/**
 * The median and p90 time to repair of all matching completed requests together (n: the sum
 * of listRepairTimes' `timed` under the same filter), by ordered seeks over the repair-time index.
 */
export function overallRepairPercentiles(db: Db, filter: RepairTimesFilter, n: number) {
  return percentilesOf(db, conditions(filter, true), 'repair_requests_repair_ms_idx', n);
}

/** One window's counts per company × problem type (the transparency page's, decision 0037). */
export interface WindowCounts {
  companyId: number;
  problemType: string;
  /** Filed in the window, whatever their status now. */
  received: number;
  /** Open or in progress now, whenever filed. */
  backlog: number;
  /** Completed in the window (each has a repair time: the percentiles' n). */
  completed: number;
  /** Of those, closed_at <= due_at. */
  completedWithinTarget: number;
}

/**
 * The counts of the window [from, to) in one pass over each partial index (what two
 * listRepairTimes calls, closed window and received window, give, without their percentiles):
 * both windows are conditions inside the sums, since neither instant leads its index. Only
 * index columns are read (completed implies a repair time), so both scans cover.
 */
export async function listWindowCounts(db: Db, from: string, to: string): Promise<WindowCounts[]> {
  const closedIn = sql`closed_at >= ${from} and closed_at < ${to}`;
  const filedIn = sql`created_at >= ${from} and created_at < ${to}`;
  const closed = await sql<{
    companyId: number;
    problemType: string;
    received: number | string | null;
    completed: number | string | null;
    met: number | string | null;
  }>`select company_id, problem_type,
      sum(case when ${filedIn} then 1 else 0 end) as received,
      sum(case when status = 'completed' and ${closedIn} then 1 else 0 end) as completed,
      sum(case when status = 'completed' and ${closedIn} and closed_at <= due_at then 1 else 0 end) as met
    from ${fromIndex(db, 'repair_requests_closed_times_idx')}
    where ${CLOSED}
    group by company_id, problem_type`.execute(db);
  await nextTurn();
  const inHand = await sql<{
    companyId: number;
    problemType: string;
    received: number | string | null;
    backlog: number | string;
  }>`select company_id, problem_type, count(*) as backlog,
      sum(case when ${filedIn} then 1 else 0 end) as received
    from ${fromIndex(db, 'repair_requests_open_times_idx')}
    where ${IN_HAND}
    group by company_id, problem_type`.execute(db);
  await nextTurn();
  const { groupOf, all } = groupsOf<WindowCounts>((companyId, problemType) => ({
    companyId,
    problemType,
    received: 0,
    backlog: 0,
    completed: 0,
    completedWithinTarget: 0,
  }));
  for (const r of closed.rows) {
    const g = groupOf(r.companyId, r.problemType);
    g.received += Number(r.received ?? 0);
    g.completed = Number(r.completed ?? 0);
    g.completedWithinTarget = Number(r.met ?? 0);
  }
  for (const r of inHand.rows) {
    const g = groupOf(r.companyId, r.problemType);
    g.received += Number(r.received ?? 0);
    g.backlog = Number(r.backlog);
  }
  return all();
}

/**
 * The median and p90 time to repair of one company × problem type's completed requests under
 * the filter (n: their count), by ordered seeks over the closed-times index.
 */
export function groupRepairPercentiles(
  db: Db,
  filter: RepairTimesFilter & { companyId: number; problemType: string },
  n: number,
) {
  return percentilesOf(db, conditions(filter, true), 'repair_requests_closed_times_idx', n);
}
