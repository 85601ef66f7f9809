// A worker that runs one round at a time on a timer (decision 0046): the outbox, the area
// retry and the retention sweep. Each round claims its rows in the database with a lease of
// its own, so instances need no lock between them: two rounds at once take different rows.

export interface PeriodicWorker {
  /** Runs a round soon instead of waiting for the next one (not while one runs). */
  wake(): void;
  /** Stops the timer and waits for the round in hand, at most `stopWaitMs` (5 s). */
  stop(): Promise<void>;
}

export interface PeriodicWorkerOptions {
  /** Between the end of one round and the start of the next. */
  intervalMs: number;
  /** Before the first round (the interval unless said). */
  firstDelayMs?: number;
  /** One round; `shouldStop` turns true once stop() is called, to end it early. */
  round: (shouldStop: () => boolean) => Promise<void>;
  onError?: (error: unknown) => void;
  stopWaitMs?: number;
}

export function startPeriodicWorker(options: PeriodicWorkerOptions): PeriodicWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const shouldStop = () => stopped;
  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = () => {
    if (running) return;
    running = options
      .round(shouldStop)
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
  };
  schedule(options.firstDelayMs ?? options.intervalMs);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const wait = options.stopWaitMs ?? 5000;
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, wait).unref())]);
    },
  };
}
