// The daily retention sweep (decision 0027): every instance runs one, like the area retry
// (features/geocoding/area-retry.ts). Instances need not agree on who sweeps: each batch is
// claimed row by row in the database (retention.repository.ts), so two sweeps at once
// anonymise each request once, and a sweep with nothing due changes nothing.
import type { AppDeps } from '../../app-deps.ts';
import { startPeriodicWorker } from '../../core/periodic-worker.ts';
import { type RetentionRunResult, runRetentionOnce } from './retention.service.ts';

export interface RetentionWorker {
  /** Stops the timer and waits for the batch in hand (at most 5 s: an unfinished batch is rolled back and taken next time). */
  stop(): Promise<void>;
}

/** Runs a sweep `firstDelayMs` after start, then every `intervalMs`, until stopped. */
export function startRetentionWorker(
  deps: AppDeps,
  options: {
    intervalMs: number;
    firstDelayMs?: number;
    onError?: (error: unknown) => void;
    /** After each sweep that did something. */
    onRound?: (result: RetentionRunResult) => void;
  },
): RetentionWorker {
  return startPeriodicWorker({
    intervalMs: options.intervalMs,
    firstDelayMs: options.firstDelayMs ?? Math.min(options.intervalMs, 60_000),
    onError: options.onError,
    round: async (shouldStop) => {
      const result = await runRetentionOnce(deps, { shouldStop });
      if (result.anonymized || result.auditDeleted) options.onRound?.(result);
    },
  });
}
