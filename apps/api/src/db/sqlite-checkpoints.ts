// SQLite's checkpoints on a thread of their own (decision 0073). In WAL mode a commit appends
// the pages it changed to the log; a checkpoint copies them into the database file and syncs
// it. By default the writer runs one inside the commit that takes the log past 1,000 pages:
// on the main thread, the event loop held while it copies and syncs. Under filing load that
// was a commit in every few, and its copies of the same hot pages (the indexes' last leaves,
// the search tables' segments) were most of the writer's I/O (issue 40). Here a worker's own
// connection checkpoints every CHECKPOINT_EVERY_MS without waiting on anyone, and the writer
// keeps a checkpoint of its own only past WRITER_CHECKPOINT_PAGES, should the worker fall
// behind or stop. Durability is the commit's (synchronous = FULL syncs the log each commit),
// not the checkpoint's: kill -9 loses nothing either way.
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker copies the log into the database file. */
export const CHECKPOINT_EVERY_MS = 100;
/** The writer checkpoints itself only past this many pages in the log (about 16 MB). */
export const WRITER_CHECKPOINT_PAGES = 4000;
/** SQLite's own default, which the writer goes back to when the worker stops. */
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1000;

export interface SqliteCheckpoints {
  close(): Promise<void>;
}

/** Starts the checkpoint thread for the database `file` whose writer connection is `writer`. */
export function startSqliteCheckpoints(
  file: string,
  writer: SQLite.Database,
  log: { warn: (obj: unknown, msg: string) => void },
  everyMs = CHECKPOINT_EVERY_MS,
): SqliteCheckpoints {
  const worker = new Worker(new URL('./sqlite-checkpoints.worker.js', import.meta.url), {
    workerData: { file, everyMs },
  });
  // A server with nothing else to do may exit; the checkpoints do not hold it.
  worker.unref();
  let stopping = false;
  writer.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  const fallBack = () => {
    if (writer.open) writer.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_CHECKPOINT_PAGES}`);
  };
  worker.on('error', (error) => log.warn({ err: error }, 'the SQLite checkpoint thread failed'));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      // Stopped by us, or failed: the writer checkpoints as SQLite does by default again.
      fallBack();
      if (!stopping) log.warn({}, 'the SQLite checkpoint thread stopped: the writer checkpoints itself');
      resolve();
    }),
  );
  return {
    async close() {
      if (stopping) return exited;
      stopping = true;
      worker.postMessage('stop');
      const timer = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}
