// The databases tests run on, with nothing else: PostgreSQL is used when TEST_DATABASE_URL
// is set or one answers on 127.0.0.1:5432 (REQUIRE_POSTGRES=1 makes its absence fail),
// and each test gets a fresh database it drops. Shared by the API suites and the suites
// that start the built server (tests/support/server.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type Engine = 'sqlite' | 'postgres';

export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
export const ENGINES: Engine[] = pgAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new empty database of the given engine; drop() removes it. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
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
