// The daily retention sweep (decision 0027): every instance runs one, like the area retry
// (features/geocoding/area-retry.ts). Instances need not agree on who sweeps: each batch is
// claimed row by row in the database (retention.repository.ts), so two sweeps at once
// anonymise each request once, and a sweep with nothing due changes nothing.
import type { AppDeps } from '../../app-deps.ts';
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
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = () => {
    running = runRetentionOnce(deps, { shouldStop: () => stopped })
      .then((result) => {
        if (result.anonymized || result.auditDeleted) options.onRound?.(result);
      })
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
  };
  schedule(options.firstDelayMs ?? Math.min(options.intervalMs, 60_000));
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    },
  };
}
