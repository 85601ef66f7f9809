// Runs an API suite once per database engine, each on a fresh database built by the
// same migrations production runs. SQLite always; PostgreSQL when TEST_DATABASE_URL is
// set or one answers on 127.0.0.1:5432. REQUIRE_POSTGRES=1 turns its absence into a failure.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { startOfDayUtc, zoneParts } from '../src/core/format.ts';
import { createDatabase, type Db, type Dialect } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedExampleCompanies } from '../src/db/seed.ts';
import { manualClock } from '../src/lib/clock.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './test-databases.ts';

export function testConfig(databaseUrl: string, overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'acende-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://acende.test',
    CAPTCHA: 'off',
    // Nothing listens on port 9: tests that need a geocoder start a stand-in and override this.
    GEOCODER_URL: 'http://127.0.0.1:9',
    // Nor for map tiles: the location-map PDF falls back at once unless a suite serves some.
    TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    RATE_LIMIT_CREATE_MAX: '100000',
    RATE_LIMIT_LOOKUP_MAX: '100000',
    // A thread per app cost about 0.1 s of CPU each, hundreds of apps; tested on its own
    // (src/db/sqlite-checkpoints.test.ts) and on the built server (hardening, reliability).
    SQLITE_CHECKPOINT_THREAD: 'off',
    ...overrides,
  });
}

export interface TestContext {
  engine: Dialect;
  app: App;
  db: Db;
  config: Config;
  clock: ReturnType<typeof manualClock>;
}

export interface SuiteOptions {
  /** Settings of the suite's app; a function gives each engine its own (a Redis key prefix). */
  env?: Record<string, string> | ((engine: Dialect) => Record<string, string>);
  /** Seeds the three example companies (default true). */
  seedCompanies?: boolean;
  /** The suite's clock starts now (default), or at noon today in the service's time zone. */
  startAt?: 'now' | 'midday';
}

/** Noon of today in the service's time zone. */
function middayToday(now = Date.now()): Date {
  const p = zoneParts(now);
  return new Date(Date.parse(startOfDayUtc(`${p.y}-${p.m}-${p.d}`)) + 12 * 3_600_000);
}

/**
 * `describeEachEngine` for suites about a day (work orders, the crew's day): their clock starts
 * at noon, as they move it on by minutes and would otherwise cross midnight when run late in
 * the evening (CI failed so at 23:59 in São Paulo).
 */
export function describeEachDay(name: string, fn: (ctx: () => TestContext) => void, options: SuiteOptions = {}) {
  describeEachEngine(name, fn, { ...options, startAt: 'midday' });
}

/**
 * Declares `fn`'s tests once per engine. `ctx()` gives the running app and its
 * database; the database is created before the block and dropped after it.
 */
export function describeEachEngine(name: string, fn: (ctx: () => TestContext) => void, options: SuiteOptions = {}) {
  for (const engine of ENGINES) {
    describe(`${name} [${engine}]`, () => {
      let context: TestContext | undefined;
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(engine, { migrated: true });
        const config = testConfig(database.url, typeof options.env === 'function' ? options.env(engine) : options.env);
        const db = createDatabase(config.DATABASE_URL, { poolSize: 5 });
        await migrateToLatest(db);
        const clock = manualClock(options.startAt === 'midday' ? middayToday() : new Date());
        if (options.seedCompanies !== false) await seedExampleCompanies(db, clock.now().toISOString());
        const app = await buildApp({ config, db, clock, logger: false });
        await app.ready();
        context = { engine, app, db, config, clock };
      });
      afterAll(async () => {
        await context?.app.close();
        await context?.db.destroy();
        await database?.drop();
      });
      fn(() => {
        if (!context) throw new Error('test context used before beforeAll ran');
        return context;
      });
    });
  }
}

export { it };
