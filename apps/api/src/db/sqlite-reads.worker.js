// The thread behind db/export-reads.ts: a read-only connection of its own to the SQLite file,
// answering the statements the main thread compiled, one at a time (decision 0044).
// Plain JavaScript, so the same file runs from the sources (tests) and from dist.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.file, { readonly: true });
db.pragma('busy_timeout = 5000');

/** Prepared statements by their SQL text: exports run the same few, batch after batch. */
const statements = new Map();

function prepare(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
    if (statements.size > 100) statements.delete(statements.keys().next().value);
  }
  return statement;
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    // A read-only connection: anything but a read fails here, as it should.
    parentPort.postMessage({ id, rows: prepare(sql).all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
