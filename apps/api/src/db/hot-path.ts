// The public hot path (issue 10): SQL prepared once and run without Kysely's query
// building, for the three public calls. On SQLite, reads go to a second, read-only
// connection (WAL lets it read what is committed while the writer works), and writes are
// grouped: those queued in the same turn of the event loop share one transaction — one disk
// sync and one trigram-index segment for all — each inside its own savepoint, so a failing
// one rolls back alone, and every caller hears back only after the shared commit. On
// PostgreSQL, named prepared statements run on the pool (it groups commits itself).
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Db } from './database.ts';

export type RawHandles =
  | { dialect: 'sqlite'; writer: SQLite.Database; reader: SQLite.Database }
  | { dialect: 'postgres'; pool: pg.Pool };

const handles = new WeakMap<Db, RawHandles>();

/** Called by createDatabase: the driver objects under a Kysely instance. */
export function attachRawHandles(db: Db, raw: RawHandles): void {
  handles.set(db, raw);
}

export function rawHandles(db: Db): RawHandles {
  const raw = handles.get(db);
  if (!raw) throw new Error('database not created by createDatabase()');
  return raw;
}

const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/** A statement of `connection`, prepared on first use and kept. `$1`-style placeholders become `?`. */
export function prepared(connection: SQLite.Database, text: string): SQLite.Statement {
  let cache = statements.get(connection);
  if (!cache) {
    cache = new Map();
    statements.set(connection, cache);
  }
  let statement = cache.get(text);
  if (!statement) {
    statement = connection.prepare(text.replace(/\$\d+/g, '?'));
    cache.set(text, statement);
  }
  return statement;
}

/**
 * Rows of a read: on SQLite from the read-only connection, on PostgreSQL as the named
 * prepared statement `name`. The SQL uses `$1`-style placeholders, each used once, in order.
 */
export async function hotRows<R>(db: Db, name: string, text: string, params: unknown[] = []): Promise<R[]> {
  const raw = rawHandles(db);
  if (raw.dialect === 'sqlite') return prepared(raw.reader, text).all(...params) as R[];
  return (await raw.pool.query<R & pg.QueryResultRow>({ name, text, values: params })).rows;
}

interface Job {
  work: (writer: SQLite.Database) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Group {
  queue: Job[];
  scheduled: boolean;
}

/** The most writes one transaction takes; the rest go in the next (bounds each one's wait). */
const MAX_GROUP = 256;
const groups = new WeakMap<Db, Group>();

/**
 * Runs `work` on SQLite's writer inside a grouped transaction (see above); it must be
 * synchronous, as better-sqlite3 is. Answers what `work` answers, or its error.
 */
export function groupedSqliteWrite<T>(db: Db, work: (writer: SQLite.Database) => T): Promise<T> {
  let group = groups.get(db);
  if (!group) {
    group = { queue: [], scheduled: false };
    groups.set(db, group);
  }
  const state = group;
  return new Promise<T>((resolve, reject) => {
    state.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    schedule(db, state);
  });
}

function schedule(db: Db, group: Group): void {
  if (group.scheduled) return;
  group.scheduled = true;
  setImmediate(() => {
    group.scheduled = false;
    const batch = group.queue.splice(0, MAX_GROUP);
    if (group.queue.length) schedule(db, group);
    void commitGroup(db, batch);
  });
}

async function commitGroup(db: Db, batch: Job[]): Promise<void> {
  const raw = rawHandles(db);
  if (raw.dialect !== 'sqlite') throw new Error('grouped writes are for SQLite');
  const writer = raw.writer;
  let outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[];
  try {
    // Holding Kysely's connection: a transaction of another path is never entered halfway.
    outcomes = await db.connection().execute(async () => {
      const each = writer.transaction((job: Job) => job.work(writer));
      return writer.transaction(() =>
        batch.map((job) => {
          try {
            // Nested in the group's transaction, better-sqlite3 makes it a savepoint.
            return { ok: true as const, value: each(job) };
          } catch (error) {
            return { ok: false as const, error };
          }
        }),
      )();
    });
  } catch (error) {
    // The transaction itself failed (disk full, I/O error): nothing of the group is stored.
    for (const job of batch) job.reject(error);
    return;
  }
  batch.forEach((job, i) => {
    const outcome = outcomes[i] as (typeof outcomes)[number];
    if (outcome.ok) job.resolve(outcome.value);
    else job.reject(outcome.error);
  });
}
