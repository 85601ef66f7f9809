// How the hot path runs its statements without Kysely's per-query work (decision 0011):
// prepared once per connection, and gathered per turn of the event loop. On SQLite, writes
// queued in the same turn share one transaction — one disk sync for all — each inside its own
// savepoint, so a failing one rolls back alone, and every caller hears back only after the
// shared commit; its rollback journal in memory (decision 0074). On PostgreSQL the calls of
// one instant go as one statement (batcher).
import type SQLite from 'better-sqlite3';
import type { Db } from '../db/database.ts';
import { rawHandles } from './raw-handles.ts';
import type { Statement } from './statements.ts';

/** The value kept for (`owner`, `name`), made by `create` the first time. */
export function kept<K extends object, V>(
  store: WeakMap<K, Map<string, V>>,
  owner: K,
  name: string,
  create: () => V,
): V {
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

/** A statement of `connection`, prepared on first use and kept. */
export function prepared(connection: SQLite.Database, text: string): SQLite.Statement {
  return kept(statements, connection, text, () => connection.prepare(text));
}

/**
 * The hottest read (the tracking page's): `statement`, whose one value is its only
 * parameter, prepared on `connection` once. better-sqlite3 hands the row over as values
 * and a function generated from the statement's own column names makes the object, which
 * costs less than better-sqlite3 building it column by column (decision 0017).
 */
export function sqliteRowReader<R>(
  connection: SQLite.Database,
  statement: Statement<R>,
): (value: unknown) => R | undefined {
  if (statement.slots.length !== 1 || statement.bind({ [statement.slots[0] as string]: 0 }).length !== 1) {
    throw new Error(`${statement.name}: a row reader takes a statement of one parameter`);
  }
  // Prepared on the first read, not here: the app is built before the migrations run.
  let read: SQLite.Statement | undefined;
  let toRow: (values: unknown[]) => R = () => {
    throw new Error('not prepared');
  };
  return (value) => {
    if (!read) {
      const prepared = connection.prepare(statement.sql).raw(true);
      const fields = prepared.columns().map((column, i) => `${JSON.stringify(column.name)}: values[${i}]`);
      toRow = new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => R;
      read = prepared;
    }
    const values = read.get(value) as unknown[] | undefined;
    return values && toRow(values);
  };
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

/** One value per owner (a database), made by `create` the first time it is asked for. */
export function perOwner<K extends object, V>(create: (owner: K) => V): (owner: K) => V {
  const made = new WeakMap<K, V>();
  return (owner) => {
    let value = made.get(owner);
    if (value === undefined) {
      value = create(owner);
      made.set(owner, value);
    }
    return value;
  };
}

/**
 * A read without parameters whose callers of one instant share one query: never older than
 * the moment they asked. With `concurrency` 1, callers that ask while it runs share the next.
 */
export function sharedRead<R>(read: () => R | Promise<R>, options: { concurrency?: number } = {}): () => Promise<R> {
  const once = batcher<null, R>(async (callers) => {
    const rows = await read();
    return callers.map(() => ({ ok: true, value: rows }));
  }, options);
  return () => once(null);
}

/**
 * Reads by key whose callers of one instant share one read of all their keys (at most one
 * at a time; callers meanwhile share the next): `readMany` answers the rows found, by key.
 */
export function readByKeyPerInstant<K, V>(
  readMany: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  return batcher<K, V | undefined>(
    async (keys) => {
      const found = await readMany([...new Set(keys)]);
      return keys.map((key) => ({ ok: true, value: found.get(key) }));
    },
    { concurrency: 1 },
  );
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
    const group = writer.transaction(() =>
      batch.map((work): Outcome<unknown> => {
        try {
          // Nested in the group's transaction, better-sqlite3 makes it a savepoint.
          return { ok: true, value: each(work) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
    // The group's rollback journal (savepoints, statements) in memory, every other transaction
    // on the connection keeping its own (decision 0074). SQLite keeps that journal in memory up
    // to 64 KiB, then in a temporary file page by page: a filing with its triggers passes that,
    // and those writes were a third of a filing's time. It is emptied after each statement and
    // savepoint, so it holds one filing's pages, a few hundred KiB at most; an import, a
    // migration or a big update keeps SQLite's default. A pragma's setting takes effect when it
    // is prepared, not when it runs: executed each time.
    const tempStore = writer.pragma('temp_store', { simple: true }) as number;
    writer.exec('pragma temp_store = memory');
    try {
      return group();
    } finally {
      writer.exec(`pragma temp_store = ${tempStore}`);
    }
  });
}
