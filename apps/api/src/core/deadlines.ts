// How a request's due time moves (decision 0029): restarted when it is reopened, forward by
// the time spent cancelled, and the overdue counts the admin lists show.
import type { AppDeps } from '../app-deps.ts';
import type { Trx } from '../db/database.ts';
import { iso } from '../lib/clock.ts';
import { countOverdueByCompany, findHoursInForce, setDueAt } from './deadlines.repository.ts';

const HOUR_MS = 3_600_000;

/**
 * Restarts a request's clock at `now` with the target in force for its company and problem
 * type: what a reopened request gets (decision 0029). Answers the new due time, or null when
 * there is no such request. Runs in the caller's transaction.
 */
export async function restartDeadline(trx: Trx, requestId: number, now: string): Promise<string | null> {
  const hours = await findHoursInForce(trx, requestId);
  if (hours === null) return null;
  const dueAt = new Date(Date.parse(now) + hours * HOUR_MS).toISOString();
  return (await setDueAt(trx, requestId, dueAt)) ? dueAt : null;
}

/**
 * The due time of a request that leaves cancelled at `now`, having been cancelled since
 * `pausedAt`: moved forward by the time spent cancelled, so the clock was paused meanwhile.
 */
export function dueAtAfterPause(dueAt: string | null, pausedAt: string | null, now: string): string | null {
  if (dueAt === null || pausedAt === null) return dueAt;
  const paused = Math.max(0, Date.parse(now) - Date.parse(pausedAt));
  return new Date(Date.parse(dueAt) + paused).toISOString();
}

/** Overdue requests per company id, within the reader's scope. */
export async function getOverdueByCompany(deps: AppDeps, scope: number[] | null): Promise<Map<number, number>> {
  const rows = await countOverdueByCompany(deps.db, scope, iso(deps.clock));
  return new Map(rows.map((row) => [row.companyId, Number(row.count)]));
}
