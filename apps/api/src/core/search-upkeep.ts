// The search upkeep's timer (decisions 0060 and 0075): every `intervalMs`, the requests filed
// since the last round are indexed (db/search-upkeep.ts): on PostgreSQL each instance takes its
// share of the queue; on SQLite the one instance indexes above the mark, in shorter rounds, as
// they run on the event loop.
import { type Db, dialectOf } from '../db/database.ts';
import { indexQueued, SEARCH_UPKEEP_BATCH, SQLITE_TIMER_BATCH } from '../db/search-upkeep.ts';
import { type PeriodicWorker, startPeriodicWorker } from './periodic-worker.ts';

/** The timer's rounds: one instance's share of the queue every `intervalMs`, until stopped. */
export function startSearchUpkeep(
  db: Db,
  options: { intervalMs: number; onError?: (error: unknown) => void },
): PeriodicWorker {
  const batch = dialectOf(db) === 'sqlite' ? SQLITE_TIMER_BATCH : SEARCH_UPKEEP_BATCH;
  return startPeriodicWorker({
    intervalMs: options.intervalMs,
    onError: options.onError,
    round: async (shouldStop) => {
      let full = true;
      while (full && !shouldStop()) {
        full = (await indexQueued(db, batch)) === batch;
        // Between SQLite's rounds, the filings waiting on the event loop go first.
        if (full) await new Promise((resolve) => setImmediate(resolve));
      }
    },
  });
}
