// Starts the BUILT server (apps/api/dist/main.js) as its own process on loopback, on a
// fresh SQLite or PostgreSQL database, keeps everything it prints (for the log checks)
// and stops it by SIGTERM or kill -9. Shared by the hardening and reliability suites.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createTestDatabase, type Engine } from '../../apps/api/test/test-databases.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
export const MAIN = join(ROOT, 'apps/api/dist/main.js');
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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  database: TestDatabase;
  dataDir: string;
  child: ChildProcess;
  env: Record<string, string>;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
  kill9(): Promise<void>;
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
  if (!existsSync(MAIN) || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` first.');
  }
  mkdirSync(LOG_DIR, { recursive: true });
  started += 1;
  const logFile = join(LOG_DIR, `${options.label ?? 'server'}-${database.engine}-${process.pid}-${started}.log`);
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'acende-hardening-data-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    CAPTCHA: 'off',
    LOG_LEVEL: 'info',
    RATE_LIMIT_CREATE_MAX: '1000000',
    RATE_LIMIT_LOOKUP_MAX: '1000000',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    GEOCODER_URL: 'http://127.0.0.1:9',
    // No drain on SIGTERM unless a test asks for one: stopping a server stays quick.
    SHUTDOWN_DRAIN_MS: '0',
    ...options.env,
  };
  let output = '';
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output += chunk;
    appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start:\n${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    port,
    database,
    dataDir,
    child,
    env,
    output: () => output,
    exited,
    async stop() {
      if (running()) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (running()) child.kill('SIGKILL');
        await exited;
      }
    },
    async kill9() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A server on a fresh database of `engine`; `close()` stops it and drops the database. */
export async function startFresh(engine: Engine, options: StartOptions = {}) {
  const database = await createDatabase(engine);
  const server = await startServer(database, options);
  return {
    server,
    database,
    async close() {
      await server.stop();
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
