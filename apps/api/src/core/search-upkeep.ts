// The search upkeep's timer (decision 0060): every instance takes its share of PostgreSQL's
// search queue (db/search-upkeep.ts) every `intervalMs`; nothing on SQLite.
import { type Db, dialectOf } from '../db/database.ts';
import { indexQueued, SEARCH_UPKEEP_BATCH } from '../db/search-upkeep.ts';
import { type PeriodicWorker, startPeriodicWorker } from './periodic-worker.ts';

/** The timer's rounds: one instance's share of the queue every `intervalMs`, until stopped. */
export function startSearchUpkeep(
  db: Db,
  options: { intervalMs: number; onError?: (error: unknown) => void },
): PeriodicWorker | undefined {
  if (dialectOf(db) !== 'postgres') return undefined;
  return startPeriodicWorker({
    intervalMs: options.intervalMs,
    onError: options.onError,
    round: async (shouldStop) => {
      let full = true;
      while (full && !shouldStop()) full = (await indexQueued(db)) === SEARCH_UPKEEP_BATCH;
    },
  });
}
