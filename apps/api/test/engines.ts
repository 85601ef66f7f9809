// Runs an API suite once per database engine, each on a fresh database built by the
// same migrations production runs. SQLite always; PostgreSQL when TEST_DATABASE_URL is
// set or one answers on 127.0.0.1:5432. REQUIRE_POSTGRES=1 turns its absence into a failure.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createDatabase, type Db, type Dialect } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedExampleCompanies } from '../src/db/seed.ts';
import { manualClock } from '../src/lib/clock.ts';

const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const pgAvailable = await postgresAnswers();
if (!pgAvailable && process.env.REQUIRE_POSTGRES === '1') {
  throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL does not answer at ${PG_ADMIN_URL}`);
}
export const ENGINES: Dialect[] = pgAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new empty database of the given engine; drop() removes it. */
export async function createTestDatabase(engine: Dialect): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'acende-test-'));
    return { url: `sqlite:${join(dir, 'test.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `acende_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

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
    RATE_LIMIT_CREATE_MAX: '100000',
    RATE_LIMIT_LOOKUP_MAX: '100000',
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
  env?: Record<string, string>;
  /** Seeds the three example companies (default true). */
  seedCompanies?: boolean;
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
        database = await createTestDatabase(engine);
        const config = testConfig(database.url, options.env);
        const db = createDatabase(config.DATABASE_URL, { poolSize: 5 });
        await migrateToLatest(db);
        const clock = manualClock(new Date());
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
