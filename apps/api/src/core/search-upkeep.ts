// The search upkeep's timer (decisions 0060 and 0075): every `intervalMs`, the requests filed
// since the last round are indexed (db/search-upkeep.ts): on PostgreSQL each instance takes its
// share of the queue; on SQLite the one instance indexes above the mark, in shorter rounds, as
// they run on the event loop.
import type { Db } from '../db/database.ts';
import { indexOnTimer } from '../db/search-upkeep.ts';
import { type PeriodicWorker, startPeriodicWorker } from './periodic-worker.ts';

/** The timer's rounds: one instance's share of the queue every `intervalMs`, until stopped. */
export function startSearchUpkeep(
  db: Db,
  options: { intervalMs: number; onError?: (error: unknown) => void },
): PeriodicWorker {
  return startPeriodicWorker({
    intervalMs: options.intervalMs,
    onError: options.onError,
    round: (shouldStop) => indexOnTimer(db, shouldStop),
  });
}
