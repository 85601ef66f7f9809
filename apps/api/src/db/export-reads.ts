// The database exports read from (decision 0044), a Kysely instance beside the main one, so an
// export's aggregates and row batches never hold the event loop or the public calls' pool.
// SQLite: a worker thread with its own read-only connection (WAL lets it read while the main
// connection writes), one statement at a time. PostgreSQL: a pool of its own, of one connection.
import { Worker } from 'node:worker_threads';
import {
  CamelCasePlugin,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { createDatabase, type DatabaseOptions, type Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Export statements running at once on PostgreSQL: six exports starting together ran their
 * summaries on the main pool, whose 10 connections they took (the tracking read waited for
 * one), and side by side on the database's cores. One at a time, the summaries queue instead.
 */
export const EXPORT_READ_CONNECTIONS = 1;

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/** The worker thread, started at the first statement and again after it failed. */
class ReadThread {
  #worker: Worker | null = null;
  #pending = new Map<number, Pending>();
  #next = 0;

  constructor(private readonly file: string) {}

  run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const worker = this.#worker ?? this.#start();
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // Only a statement waiting for its answer keeps the process alive.
      if (this.#pending.size === 1) worker.ref();
      worker.postMessage({ id, sql, parameters });
    });
  }

  #start(): Worker {
    const worker = new Worker(new URL('./sqlite-reads.worker.js', import.meta.url), {
      workerData: { file: this.file },
    });
    worker.on('message', (message: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) worker.unref();
      if (!pending) return;
      if (message.error) pending.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
      else pending.resolve(message.rows ?? []);
    });
    const fail = (error: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the export reads' thread stopped (exit code ${code})`)));
    this.#worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }
}

class ThreadConnection implements DatabaseConnection {
  constructor(private readonly thread: ReadThread) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.thread.run(query.sql, query.parameters)) as R[] };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; exports read in keyset batches.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the export reads do not stream: read in batches');
  }
}

class ThreadDriver implements Driver {
  readonly #thread: ReadThread;
  readonly #connection: ThreadConnection;

  constructor(file: string) {
    this.#thread = new ReadThread(file);
    this.#connection = new ThreadConnection(this.#thread);
  }

  async init(): Promise<void> {}
  // The thread answers one statement at a time in order, so every caller may share it.
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('the export reads have no transactions');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  destroy(): Promise<void> {
    return this.#thread.close();
  }
}

/**
 * The Kysely instance exports read from: `db` itself where nothing else can open the
 * database (SQLite in memory), else one of its own; close it with `destroy()`.
 */
export function createExportReads(url: string, db: Db, options: DatabaseOptions = {}): Db {
  if (url === 'sqlite::memory:') return db;
  if (!url.startsWith('sqlite:')) return createDatabase(url, { ...options, poolSize: EXPORT_READ_CONNECTIONS });
  const file = url.slice('sqlite:'.length);
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ThreadDriver(file),
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createIntrospector: (k) => new SqliteIntrospector(k),
    },
    plugins: [new CamelCasePlugin()],
  });
}
