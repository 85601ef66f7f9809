// The databases tests run on, with nothing else: PostgreSQL is used when TEST_DATABASE_URL
// is set or one answers on 127.0.0.1:5432 (REQUIRE_POSTGRES=1 makes its absence fail),
// and each test gets a fresh database it drops. Shared by the API suites and the suites
// that start the built server (tests/support/server.ts). The API project's global setup
// migrates one template per engine (migrated-templates.ts); a suite's migrated database is
// a copy of it, not the same migrations run again.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

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

/** Where the API project's global setup left its migrated templates (none in other runs). */
export interface MigratedTemplates {
  /** A migrated SQLite file, copied per suite. */
  sqlite: string;
  /** A migrated PostgreSQL database, no one connected, given as TEMPLATE; absent without PostgreSQL. */
  postgres?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplates: MigratedTemplates | undefined;
  }
}

function migratedTemplates(): MigratedTemplates | undefined {
  try {
    return inject('migratedTemplates');
  } catch {
    // Outside a vitest worker (a script importing this file): no templates.
    return undefined;
  }
}

/**
 * A new database of the given engine; drop() removes it. Empty, unless `migrated` is asked
 * for and the run has templates: then it holds every migration already (a copy of the
 * template), and migrateToLatest on it finds nothing to do.
 */
export async function createTestDatabase(engine: Engine, { migrated = false } = {}): Promise<TestDatabase> {
  const templates = migrated ? migratedTemplates() : undefined;
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'acende-test-'));
    const file = join(dir, 'test.db');
    if (templates) copyFileSync(templates.sqlite, file);
    return { url: `sqlite:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `acende_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(
    templates?.postgres ? `create database ${name} template ${templates.postgres}` : `create database ${name}`,
  );
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
