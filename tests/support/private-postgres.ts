// A PostgreSQL of the test's own (initdb into a temporary folder, its own port), so the fault
// tests can stop and restart a real server without touching the machine's shared cluster,
// which other suites use at the same time. Needs PostgreSQL's binaries
// (/usr/lib/postgresql/<n>/bin or PG_BIN); as root, the server runs as the postgres user.
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './built-server.ts';

function binDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

const asRoot = process.getuid?.() === 0;

/**
 * Runs one of PostgreSQL's programs, as the postgres user when we are root; rejects on failure.
 * Never synchronous: the test's clients go on running (and timing) meanwhile.
 */
function pgRun(bin: string, program: string, args: string[]): Promise<void> {
  const command = asRoot ? 'runuser' : join(bin, program);
  const full = asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
  return new Promise((resolve, reject) =>
    execFile(command, full, { cwd: tmpdir() }, (error, stdout, stderr) =>
      error ? reject(new Error(`${program} ${args.join(' ')}: ${stderr || stdout}`)) : resolve(),
    ),
  );
}

export interface PrivatePostgres {
  port: number;
  /** The URL of a database made for the test. */
  url: string;
  /** pg_ctl stop with the mode given (fast: sessions ended cleanly; immediate: like a crash). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl start, resolving once it accepts connections. */
  start(): Promise<void>;
  /** pg_ctl restart -m fast (stop, then start at once). */
  restart(): Promise<void>;
  /** Runs a query from the outside on a connection of its own. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  destroy(): Promise<void>;
}

/** True when initdb is there and can be run (as root: a postgres user exists). */
export function privatePostgresAvailable(): boolean {
  const bin = binDir();
  if (!bin) return false;
  if (!asRoot) return true;
  return spawnSync('id', ['postgres']).status === 0;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  if (!bin) throw new Error('no PostgreSQL binaries (set PG_BIN)');
  const dir = mkdtempSync(join(tmpdir(), 'acende-private-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  await pgRun(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const ctl = (args: string[]) => pgRun(bin, 'pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);
  const start = () => ctl(['-o', options, '-l', join(dir, 'log'), 'start']);
  await start();
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query('create database acende');
  await client.end();
  const url = `postgres://postgres@127.0.0.1:${port}/acende`;
  return {
    port,
    url,
    stop: (mode) => ctl(['-m', mode, 'stop']),
    start,
    restart: () => ctl(['-m', 'fast', '-o', options, '-l', join(dir, 'log'), 'restart']),
    async query<T>(text: string, params: unknown[] = []) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        let n = 0;
        return (
          await c.query(
            text.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows as T[];
      } finally {
        await c.end();
      }
    },
    async destroy() {
      // Already stopped is fine.
      await ctl(['-m', 'immediate', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
