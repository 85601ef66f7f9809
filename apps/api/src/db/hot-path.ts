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

/** The value kept for (`owner`, `name`), made by `create` the first time. */
function kept<K extends object, V>(store: WeakMap<K, Map<string, V>>, owner: K, name: string, create: () => V): V {
  let byName = store.get(owner);
  if (!byName) {
    byName = new Map();
    store.set(owner, byName);
  }
  let value = byName.get(name);
  if (value === undefined) {
    value = create();
    byName.set(name, value);
  }
  return value;
}

const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

const toSqlite = (text: string) => text.replace(/\$\d+/g, '?');

/** A statement of `connection`, prepared on first use and kept. `$1`-style placeholders become `?`. */
export function prepared(connection: SQLite.Database, text: string): SQLite.Statement {
  return kept(statements, connection, text, () => connection.prepare(toSqlite(text)));
}

const rawStatements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * Like `prepared`, answering each row as an array of its values in column order (no object
 * built per row). A statement of its own: raw mode is a setting of the statement object.
 */
function preparedRaw(connection: SQLite.Database, text: string): SQLite.Statement {
  return kept(rawStatements, connection, text, () => connection.prepare(toSqlite(text)).raw(true));
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

export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Gathers the items asked for in one turn of the event loop and hands them to `flush` as
 * one batch (at most `max`; the rest go in the next). Each caller gets its own item's
 * outcome. With `concurrency`, at most that many batches run at once and the items asked
 * for meanwhile wait for the next: under load batches grow instead of multiplying (group
 * commit); when idle, an item goes at once.
 */
export function batcher<I, O>(
  flush: (items: I[]) => Promise<Outcome<O>[]>,
  options: { max?: number; concurrency?: number } = {},
): (item: I) => Promise<O> {
  const max = options.max ?? 256;
  const concurrency = options.concurrency ?? Number.POSITIVE_INFINITY;
  let queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  let scheduled = false;
  let running = 0;
  const run = () => {
    scheduled = false;
    if (running >= concurrency || queue.length === 0) return;
    const batch = queue.slice(0, max);
    queue = queue.slice(max);
    running += 1;
    flush(batch.map((entry) => entry.item))
      .then(
        (outcomes) =>
          batch.forEach((entry, i) => {
            const outcome = outcomes[i];
            if (outcome?.ok) entry.resolve(outcome.value);
            else entry.reject(outcome ? outcome.error : new Error('batch answered too few outcomes'));
          }),
        (error) => {
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        running -= 1;
        if (queue.length) schedule();
      });
    if (queue.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(run);
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}

type SqliteWork = (writer: SQLite.Database) => unknown;
const sqliteGroups = new WeakMap<Db, (work: SqliteWork) => Promise<unknown>>();

/**
 * Runs `work` on SQLite's writer inside a grouped transaction (see above); it must be
 * synchronous, as better-sqlite3 is. Answers what `work` answers, or its error.
 */
export function groupedSqliteWrite<T>(db: Db, work: (writer: SQLite.Database) => T): Promise<T> {
  let group = sqliteGroups.get(db);
  if (!group) {
    group = batcher<SqliteWork, unknown>((batch) => commitGroup(db, batch));
    sqliteGroups.set(db, group);
  }
  return group(work) as Promise<T>;
}

async function commitGroup(db: Db, batch: SqliteWork[]): Promise<Outcome<unknown>[]> {
  const raw = rawHandles(db);
  if (raw.dialect !== 'sqlite') throw new Error('grouped writes are for SQLite');
  const writer = raw.writer;
  // Holding Kysely's connection: a transaction of another path is never entered halfway.
  // If the transaction itself fails (disk full, I/O error), nothing of the group is stored
  // and every caller gets the error.
  return db.connection().execute(async () => {
    const each = writer.transaction((work: SqliteWork) => work(writer));
    return writer.transaction(() =>
      batch.map((work): Outcome<unknown> => {
        try {
          // Nested in the group's transaction, better-sqlite3 makes it a savepoint.
          return { ok: true, value: each(work) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    )();
  });
}

const keyedReads = new WeakMap<Db, Map<string, (key: number) => Promise<unknown>>>();

/**
 * A read of one row by number (`$1`). On PostgreSQL the reads asked for in the same turn of
 * the event loop go as one query, `anyText` over `$1::int[]`, each row carrying its number
 * in `id`: one round trip and one statement for many callers. SQLite reads at once.
 */
export function rowByKey<R extends { id: number }>(
  db: Db,
  name: string,
  text: { sqlite: string; anyText: string },
  key: number,
  /** On SQLite, the row from its values in column order: better-sqlite3 then builds no object per row. */
  fromValues: (values: unknown[]) => R,
): R | undefined | Promise<R | undefined> {
  const raw = rawHandles(db);
  // SQLite answers at once: no promise, so the route can answer in the same turn.
  if (raw.dialect === 'sqlite') {
    const values = preparedRaw(raw.reader, text.sqlite).get(key) as unknown[] | undefined;
    return values && fromValues(values);
  }
  const read = kept(keyedReads, db, name, () =>
    batcher<number, unknown>(async (keys) => {
      const unique = [...new Set(keys)];
      const { rows } = await raw.pool.query<R>({ name, text: text.anyText, values: [unique] });
      const byKey = new Map(rows.map((row) => [row.id, row]));
      return keys.map((k) => ({ ok: true, value: byKey.get(k) }));
    }),
  );
  return read(key) as Promise<R | undefined>;
}

const sharedReads = new WeakMap<Db, Map<string, () => Promise<unknown>>>();

/**
 * Rows of a read without parameters; callers in the same turn of the event loop share one
 * query (on both engines): never older than the moment they asked.
 */
export function sharedRows<R>(db: Db, name: string, text: string): Promise<R[]> {
  const read = kept(sharedReads, db, name, () => {
    const once = batcher<null, unknown>(async (callers) => {
      const rows = await hotRows<R>(db, name, text);
      return callers.map(() => ({ ok: true, value: rows }));
    });
    return () => once(null);
  });
  return read() as Promise<R[]>;
}
