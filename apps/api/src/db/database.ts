// One Kysely instance per process, over better-sqlite3 or a pg Pool, chosen by
// DATABASE_URL. Repository code is the same on both; dialectOf() is for the few
// places (migrations, engine-specific SQL) where the engines differ.
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { attachRawHandles } from '../hot-path/raw-handles.ts';
import { ensurePrivateDir, ensurePrivateFile } from '../lib/private-files.ts';
import type { Database } from './schema.ts';
import { type SqliteCheckpoints, startSqliteCheckpoints } from './sqlite-checkpoints.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

// int8 (count(*), sums) comes back from pg as a string; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// numeric (avg, percentiles) likewise.
pg.types.setTypeParser(1700, (value) => Number.parseFloat(value));

export function dialectOf(db: Kysely<Database>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * better-sqlite3 prepares a statement on every query Kysely runs; this keeps the prepared
 * statements by their SQL text (the most recent 500) and reuses them — unless one is still
 * being iterated by a stream, which gets a fresh one.
 */
function withStatementCache(sqlite: SQLite.Database, reader: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      if (reader !== sqlite) reader.close();
      sqlite.close();
    },
    prepare: (text: string) => {
      const cached = cache.get(text);
      if (cached && !cached.busy) {
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (!cached) {
        cache.set(text, statement);
        if (cache.size > 500) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

const pools = new WeakMap<Db, pg.Pool>();

/** The PostgreSQL pool's connections and the queries waiting for one (the metrics); undefined on SQLite. */
export function poolUse(db: Db): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export interface DatabaseOptions {
  poolSize?: number;
  /** How long a query waits for a new PostgreSQL connection before failing (a 503; decision 0048). */
  connectTimeoutMs?: number;
}

/** The file and writer of each SQLite database on disk, for its checkpoint thread. */
const sqliteFiles = new WeakMap<Db, { file: string; writer: SQLite.Database }>();

/**
 * A server's SQLite database checkpoints on a thread of its own (decision 0073); a script's
 * does as SQLite does by default. Nothing for PostgreSQL or memory.
 */
export function startCheckpoints(
  db: Db,
  log: { warn: (obj: unknown, msg: string) => void },
): SqliteCheckpoints | undefined {
  const sqlite = sqliteFiles.get(db);
  return sqlite ? startSqliteCheckpoints(sqlite.file, sqlite.writer, log) : undefined;
}

export function createDatabase(url: string, options: DatabaseOptions = {}): Db {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') {
      // Owner-only from the first byte: SQLite would create the file 0644 (world-readable).
      ensurePrivateDir(dirname(file));
      ensurePrivateFile(file);
    }
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // The public reads' own connection (src/hot-path); an in-memory database has only one.
    const reader = file === ':memory:' ? sqlite : new SQLite(file, { readonly: true });
    if (reader !== sqlite) reader.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite, reader) }),
      plugins: [new CamelCasePlugin()],
    });
    attachRawHandles(db, { dialect: 'sqlite', writer: sqlite, reader });
    if (file !== ':memory:') sqliteFiles.set(db, { file, writer: sqlite });
    return db;
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // Without it a query waits for ever for a server that does not answer (decision 0048).
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
    keepAlive: true,
  });
  // An idle connection can die under us (server restart, failover, a dropped test
  // database). The pool replaces it; without a listener the 'error' event would crash
  // the process.
  pool.on('error', (error) => {
    console.warn(
      `PostgreSQL connection lost (${(error as { code?: string }).code ?? error.message}); it will be replaced.`,
    );
  });
  // A connection checked out and between two queries (a transaction's) that the server ends
  // (a restart) emits 'error' on its client, which the pool listens for only while idle:
  // unheard, it would crash the process. Its next query fails instead, and the pool drops it.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  attachRawHandles(db, { dialect: 'postgres', pool });
  pools.set(db, pool);
  return db;
}
