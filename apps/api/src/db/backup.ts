// Online backups and restores of the database (decision 0020): SQLite through its backup
// API while the server writes, PostgreSQL through pg_dump/pg_restore in custom format.
// Used by `npm run db:backup` and `npm run db:restore` (backup-cli.ts, restore-cli.ts).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { ensurePrivateDir, ensurePrivateFile } from '../lib/private-files.ts';

/** A refusal the commands print as it is (no stack): the operator's next step is in the words. */
export class BackupError extends Error {}

export interface Summary {
  /** Taken just before the copy began: it holds every transaction committed before this. */
  startedAt: Date;
  /** The last migration the copy had applied (SQLite, and a restored PostgreSQL database). */
  migration?: string;
  /** Repair requests in the copy. */
  requests?: number;
  bytes: number;
}

/** What a finished copy holds, read on a connection of its own; throws unless SQLite says it is intact. */
function checkSqliteCopy(file: string, what: string): { migration: string; requests: number } {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${what} cannot be opened as SQLite: ${(error as Error).message}`);
  }
  try {
    const problems = (() => {
      try {
        return db
          .prepare('pragma integrity_check')
          .pluck()
          .all()
          .filter((line) => line !== 'ok');
      } catch (error) {
        return [(error as Error).message];
      }
    })();
    if (problems.length) throw new BackupError(`${what} is damaged: ${problems.slice(0, 5).join('; ')}`);
    const hasMigrations = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'schema_migrations'")
      .get();
    if (!hasMigrations) throw new BackupError(`${what} is an SQLite database but not Acende's (no migrations table)`);
    const migration = db.prepare('select max(name) from schema_migrations').pluck().get() as string | null;
    const requests = db.prepare('select count(*) from repair_requests').pluck().get() as number;
    return { migration: migration ?? 'none', requests };
  } finally {
    db.close();
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The file a backup is written to before it is checked and renamed to `out`: never over an
 * existing backup, and owner-only from its first byte (it holds the citizens' data, like
 * the database itself).
 */
function startPartial(out: string): string {
  if (existsSync(out))
    throw new BackupError(`${out} already exists: choose a new name, backups are never overwritten.`);
  ensurePrivateDir(dirname(out));
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  ensurePrivateFile(partial);
  return partial;
}

/**
 * Copies the live database at `source` into `out` while the server keeps writing. The copy
 * is made in one step of SQLite's backup API, inside one read transaction: it holds every
 * transaction committed before the step began (WAL included) and none after. Copied in
 * small steps instead, a write by the server between two steps restarts the copy, and a
 * busy server can keep it from ever finishing.
 */
export async function backupSqlite(source: string, out: string): Promise<Summary> {
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source} (DATABASE_URL).`);
  const partial = startPartial(out);
  const db = new SQLite(source, { fileMustExist: true });
  let startedAt: Date;
  try {
    db.pragma('busy_timeout = 5000');
    startedAt = new Date();
    await db.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`Backup of ${source} failed: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  let summary: { migration: string; requests: number };
  try {
    summary = checkSqliteCopy(partial, `The new backup ${partial}`);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  fsyncPath(partial);
  // Only a finished, checked copy takes the name asked for.
  renameSync(partial, out);
  fsyncPath(dirname(out));
  return { ...summary, startedAt, bytes: statSync(out).size };
}

/**
 * True when another connection (a running server) has the database open. Leaving WAL mode
 * needs the database to itself, so SQLite refuses it while anyone else is connected; when
 * it succeeds, the WAL has been checkpointed into the file and removed.
 */
function sqliteInUse(file: string): boolean {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    return db.pragma('journal_mode = delete', { simple: true }) !== 'delete';
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreResult extends Omit<Summary, 'startedAt'> {
  /** Where the database it replaced was moved, with --replace. */
  previous: string | null;
}

/**
 * Puts the backup `input` in place as the database `target`. A target that exists is only
 * replaced with `replace`, and only while no process has it open; it is kept beside, renamed.
 * The backup is copied and checked first, so a damaged one leaves the target untouched.
 */
export function restoreSqlite(input: string, target: string, options: { replace: boolean }): RestoreResult {
  if (!existsSync(input)) throw new BackupError(`There is no backup at ${input}.`);
  const present = [target, `${target}-wal`].filter((file) => existsSync(file));
  if (present.length && !options.replace) {
    throw new BackupError(
      `${present[0]} exists. Restore into a new path (set DATABASE_URL and DATA_DIR to a new folder), ` +
        'or stop the server and run again with --replace (the current database is kept beside it).',
    );
  }
  ensurePrivateDir(dirname(target));
  const partial = `${target}.restoring`;
  rmSync(partial, { force: true });
  ensurePrivateFile(partial);
  try {
    copyFileSync(input, partial);
    const summary = checkSqliteCopy(partial, `The backup ${input}`);
    // The server opens it in WAL mode anyway; this makes the file say so before it does.
    const db = new SQLite(partial, { fileMustExist: true });
    db.pragma('journal_mode = wal');
    db.close();
    fsyncPath(partial);
    let previous: string | null = null;
    if (existsSync(target)) {
      if (sqliteInUse(target)) {
        throw new BackupError(`${target} is in use (a server is running on it): stop it, then restore.`);
      }
      previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
    }
    // Left by a crash with no database beside them, they would be read as part of the new one.
    for (const stale of [`${target}-wal`, `${target}-shm`]) rmSync(stale, { force: true });
    renameSync(partial, target);
    chmodSync(target, 0o600);
    fsyncPath(dirname(target));
    return { ...summary, bytes: statSync(target).size, previous };
  } finally {
    rmSync(partial, { force: true });
    rmSync(`${partial}-wal`, { force: true });
    rmSync(`${partial}-shm`, { force: true });
  }
}

/** pg_dump and pg_restore get the password through the environment, not on a command line `ps` shows. */
function pgCommand(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env = { ...process.env };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env };
}

function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new BackupError(
      `${tool} is not on PATH: install PostgreSQL's client tools, of the server's major version or newer.`,
    );
  }
  if (result.status !== 0) {
    throw new BackupError(`${tool} failed (exit ${result.status ?? result.signal}):\n${result.stderr.trim()}`);
  }
}

async function pgSummary(url: string): Promise<{ migration: string; requests: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const migration = (await client.query('select max(name) as name from schema_migrations')).rows[0]?.name;
    const requests = (await client.query('select count(*)::int as n from repair_requests')).rows[0]?.n;
    return { migration: migration ?? 'none', requests: Number(requests) };
  } finally {
    await client.end();
  }
}

/**
 * pg_dump in custom format: one REPEATABLE READ snapshot, so the dump holds every
 * transaction committed before it began, while the servers go on writing.
 */
export async function backupPostgres(url: string, out: string): Promise<Summary> {
  const partial = startPartial(out);
  const { dbname, env } = pgCommand(url);
  const startedAt = new Date();
  try {
    runPgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${dbname}`], env);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  fsyncPath(partial);
  renameSync(partial, out);
  return { startedAt, bytes: statSync(out).size };
}

/**
 * pg_restore of a custom-format dump into the database at `url`, which must be empty (made
 * with `createdb`): in one transaction, so a failure leaves it empty again.
 */
export async function restorePostgres(input: string, url: string): Promise<Omit<Summary, 'startedAt'>> {
  if (!existsSync(input)) throw new BackupError(`There is no backup at ${input}.`);
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`Cannot connect to DATABASE_URL (create it first with createdb): ${error.message}`);
  });
  try {
    const tables = (
      await client.query(
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      )
    ).rows[0]?.n;
    if (Number(tables) > 0) {
      throw new BackupError(
        `The database in DATABASE_URL already has ${tables} tables: restore into a new, empty one (createdb), then point the servers at it.`,
      );
    }
  } finally {
    await client.end();
  }
  const { dbname, env } = pgCommand(url);
  runPgTool('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, input], env);
  return { ...(await pgSummary(url)), bytes: statSync(input).size };
}
