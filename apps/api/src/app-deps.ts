// What every feature receives: configuration, the database, the clock and the limits' store.
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { LimitStore } from './lib/limit-store.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  limits: LimitStore;
}
