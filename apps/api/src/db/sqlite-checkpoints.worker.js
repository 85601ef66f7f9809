// The thread behind db/sqlite-checkpoints.ts: a connection of its own to the SQLite file that
// copies the write-ahead log into the database file (a PASSIVE checkpoint: it never waits for
// the writer or a reader, and takes only the frames no reader still needs) every few
// milliseconds, on its own core, instead of the writer doing it inside a commit (decision 0073).
// Plain JavaScript, so the same file runs from the sources (tests) and from dist.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.file);
// The database file is synced after each checkpoint, as the writer's own would be.
db.pragma('synchronous = FULL');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // Busy or locked: the next turn tries again. Anything else ends the thread (the main thread
    // logs it and gives the writer SQLite's default checkpoint back).
    if (error.code !== 'SQLITE_BUSY' && error.code !== 'SQLITE_LOCKED') throw error;
  }
}, workerData.everyMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
