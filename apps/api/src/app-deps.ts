// What every feature receives: configuration, the database, the clock, the limits' store,
// the public calls' hot path and the metrics.
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { HotPath } from './hot-path/hot-path.ts';
import type { BreakerLog } from './lib/breaker.ts';
import type { Clock } from './lib/clock.ts';
import type { LimitStore } from './lib/limit-store.ts';
import type { Metrics } from './lib/metrics.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** What exports read from (db/export-reads.ts): off the event loop and off the main pool. */
  exportReads: Db;
  clock: Clock;
  limits: LimitStore;
  /** The public calls' statements (filing, tracking, the public company list). */
  hotPath: HotPath;
  /** What services count for Prometheus (nothing unless METRICS_TOKEN is set). */
  metrics: Metrics;
  /** The app's logger, for what a service reports outside a request (a circuit breaker opening). */
  log?: BreakerLog;
  /** How webhook hosts are resolved (decision 0065): the system's DNS unless a test sets its own. */
  resolveHost?: (host: string) => Promise<{ address: string; family: number }[]>;
}
