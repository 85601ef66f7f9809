// The built server as the hardening and reliability suites run it: on a fresh SQLite or
// PostgreSQL database (apps/api/test/test-databases.ts), with its output kept in a log file
// for the log checks. Starting and stopping the process is built-server.ts's.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createTestDatabase, type Engine } from '../../apps/api/test/test-databases.ts';
import { assertBuilt, type BuiltServer, freePort, ROOT, startBuiltServer } from './built-server.ts';

export const ADMIN_USERNAME = 'admin';
/** Planted: the logs check greps for it. */
export const ADMIN_PASSWORD = 'Hardening-Admin-Pw-7Q2xK9';
/** Every process's output is appended here too, so the logs check sees all of it. */
export const LOG_DIR = join(ROOT, 'test-results', 'hardening-logs');

export { ENGINES, type Engine } from '../../apps/api/test/test-databases.ts';

export interface TestDatabase {
  engine: Engine;
  url: string;
  /** The SQLite file, for integrity checks. */
  file: string | null;
  /** Runs one SQL query on the database (from the outside, on a connection of its own). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createDatabase(engine: Engine): Promise<TestDatabase> {
  const database = await createTestDatabase(engine);
  if (engine === 'sqlite') {
    const file = database.url.slice('sqlite:'.length);
    return {
      ...database,
      engine,
      file,
      async query<T>(text: string, params: unknown[] = []) {
        const { default: Database } = await import('better-sqlite3');
        const db = new Database(file, { readonly: true });
        try {
          return db.prepare(text).all(...params) as T[];
        } finally {
          db.close();
        }
      },
    };
  }
  return {
    ...database,
    engine,
    file: null,
    async query<T>(text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        // The SQL of these tests is written with ? placeholders, SQLite's way.
        let n = 0;
        return (
          await client.query(
            text.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows as T[];
      } finally {
        await client.end();
      }
    },
  };
}

/** SQLite's `pragma integrity_check` of the database ('ok' when whole); null on PostgreSQL. */
export async function integrityCheck(database: TestDatabase): Promise<string | null> {
  if (!database.file) return null;
  const rows = await database.query<{ integrity_check: string }>('pragma integrity_check');
  return rows.map((row) => row.integrity_check).join(', ');
}

export interface ServerProcess extends BuiltServer {
  database: TestDatabase;
  dataDir: string;
}

let started = 0;

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data folder and port (restart after a crash). */
  dataDir?: string;
  port?: number;
  label?: string;
}

/** Starts dist/main.js on `database` and waits until /api/ready answers 200. */
export async function startServer(database: TestDatabase, options: StartOptions = {}): Promise<ServerProcess> {
  assertBuilt();
  mkdirSync(LOG_DIR, { recursive: true });
  started += 1;
  const logFile = join(LOG_DIR, `${options.label ?? 'server'}-${database.engine}-${process.pid}-${started}.log`);
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'acende-hardening-data-'));
  const server = await startBuiltServer({
    port,
    databaseUrl: database.url,
    dataDir,
    logFile,
    env: {
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      RATE_LIMIT_CREATE_MAX: '1000000',
      RATE_LIMIT_LOOKUP_MAX: '1000000',
      RATE_LIMIT_OPEN311_MAX: '1000000',
      RATE_LIMIT_INTEGRATION_MAX: '1000000',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      GEOCODER_URL: 'http://127.0.0.1:9',
      // No drain on SIGTERM unless a test asks for one: stopping a server stays quick.
      SHUTDOWN_DRAIN_MS: '0',
      // Three files at a time, each with up to four servers per engine, on one PostgreSQL of
      // 100 connections: at 10 each (and 2 more) they ran out once ("too many clients", a 503).
      DATABASE_POOL_SIZE: '6',
      ...options.env,
    },
  });
  return { ...server, database, dataDir };
}

/**
 * A server on a fresh database of `engine`; `close()` kills it and drops the database. Killed,
 * not stopped: its database goes next, and a graceful stop waits out the drain's refuse window
 * (1.25 s) for each of the suite's 56 servers. Shutting down is what shutdown, graceful-drain
 * and drain-end test, with stop().
 */
export async function startFresh(engine: Engine, options: StartOptions = {}) {
  const database = await createDatabase(engine);
  const server = await startServer(database, options);
  return {
    server,
    database,
    async close() {
      await server.kill9();
      await database.drop();
      rmSync(server.dataDir, { recursive: true, force: true });
      assertCleanLog(server.output(), options.label ?? 'server');
    },
  };
}

/**
 * Item 11 for every server of the suite: passwords the helpers plant (the first admin's,
 * the accounts' "Pw-…-Zz9") and the privacy test's citizen e-mails never reach the log.
 */
export function assertCleanLog(output: string, label: string): void {
  const found = [
    output.includes(ADMIN_PASSWORD) && 'the first admin password',
    /Pw-[\w-]+-Zz9/.test(output) && 'an account password',
    /@exemplo-lgpd\.org/.test(output) && 'a citizen e-mail',
    /[?&]t=[A-Za-z0-9_-]{16,}/.test(output) && 'a tracking token',
  ].filter(Boolean);
  if (found.length) throw new Error(`the ${label} server logged ${found.join(', ')}`);
}
