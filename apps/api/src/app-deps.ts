// What every feature receives: configuration, the database and the clock.
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
}
