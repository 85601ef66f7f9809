// SQLite's checkpoints on their own thread (decision 0073): the log reaches the database file
// without the writer checkpointing, the writer's own checkpoint waits for a far longer log
// meanwhile, and goes back to SQLite's default once the thread stops.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSqliteCheckpoints, WRITER_CHECKPOINT_PAGES } from './sqlite-checkpoints.ts';

const quiet = { warn: () => {} };
const dirs: string[] = [];

function database() {
  const dir = mkdtempSync(join(tmpdir(), 'acende-checkpoints-'));
  dirs.push(dir);
  const file = join(dir, 'acende.db');
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = FULL');
  writer.exec('create table t (id integer primary key, body text not null)');
  return { file, writer };
}

/** Writes about a megabyte in 20 commits, each far under the writer's own checkpoint. */
function write(writer: SQLite.Database) {
  const insert = writer.prepare('insert into t (body) values (?)');
  for (let commit = 0; commit < 20; commit++) {
    writer.transaction(() => {
      for (let i = 0; i < 50; i++) insert.run('x'.repeat(1000));
    })();
  }
}

async function until(check: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SQLite checkpoints on their own thread', () => {
  it('copies the log into the database file while the writer does not checkpoint', async () => {
    const { file, writer } = database();
    const checkpoints = startSqliteCheckpoints(file, writer, quiet, 20);
    try {
      expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(WRITER_CHECKPOINT_PAGES);
      const before = statSync(file).size;
      write(writer);
      // About a megabyte of rows reaches the database file itself, not only the log.
      expect(await until(() => statSync(file).size > before + 900_000)).toBe(true);
      expect(writer.prepare('select count(*) from t').pluck().get()).toBe(1000);
    } finally {
      await checkpoints.close();
      writer.close();
    }
  });

  it('leaves the log alone without the thread, under the writer’s raised threshold', async () => {
    const { file, writer } = database();
    writer.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
    const before = statSync(file).size;
    write(writer);
    expect(await until(() => statSync(file).size > before + 900_000, 300)).toBe(false);
    writer.close();
  });

  it('gives the writer SQLite’s default checkpoint back, and says so, when the thread fails', async () => {
    const { writer } = database();
    const warnings: string[] = [];
    // The thread cannot open a folder as its database: it fails at once.
    const checkpoints = startSqliteCheckpoints(
      dirs.at(-1) as string,
      writer,
      { warn: (_o, m) => warnings.push(m) },
      20,
    );
    expect(await until(() => writer.pragma('wal_autocheckpoint', { simple: true }) === 1000)).toBe(true);
    expect(warnings).toContain('the SQLite checkpoint thread stopped: the writer checkpoints itself');
    await checkpoints.close();
    writer.close();
  });

  it('gives the writer SQLite’s default checkpoint back when the thread stops', async () => {
    const { file, writer } = database();
    const checkpoints = startSqliteCheckpoints(file, writer, quiet, 20);
    await checkpoints.close();
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    writer.close();
  });
});
