// SQLite's grouped writes (decision 0074): one transaction, a savepoint per write, the group's
// rollback journal in memory; every other transaction on the connection with its own setting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/database.ts';
import { groupedSqliteWrite } from './batching.ts';
import { rawHandles } from './raw-handles.ts';

describe('SQLite grouped writes', () => {
  let dir: string;
  let db: Db;
  let writer: SQLite.Database;
  let reader: SQLite.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'acende-grouped-'));
    db = createDatabase(`sqlite:${join(dir, 'acende.db')}`);
    const raw = rawHandles(db);
    if (raw.dialect !== 'sqlite') throw new Error('sqlite only');
    ({ writer, reader } = raw);
    writer.exec('create table notes (id integer primary key, text text not null unique)');
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (text: string) => (w: SQLite.Database) =>
    Number(w.prepare('insert into notes (text) values (?)').run(text).lastInsertRowid);

  it('keeps its journal in memory only inside the group: the connection’s setting comes back', async () => {
    const pragmas = (w: SQLite.Database) => ({
      tempStore: w.pragma('temp_store', { simple: true }),
    });
    expect(pragmas(writer)).toEqual({ tempStore: 0 });
    expect(await groupedSqliteWrite(db, pragmas)).toEqual({ tempStore: 2 });
    expect(pragmas(writer)).toEqual({ tempStore: 0 });
    // A refused write rolls back alone and the settings still come back.
    await expect(groupedSqliteWrite(db, insert('a'))).resolves.toBe(1);
    await expect(groupedSqliteWrite(db, insert('a'))).rejects.toThrow(/UNIQUE/);
    expect(pragmas(writer)).toEqual({ tempStore: 0 });
  });

  it('rolls a failing write back alone, the others of its group kept', async () => {
    const calls: string[] = [];
    const write =
      (text: string, fail = false) =>
      (w: SQLite.Database) => {
        calls.push(text);
        const id = insert(text)(w);
        if (fail) throw new Error(`${text} failed after its insert`);
        return id;
      };
    expect(await Promise.all([groupedSqliteWrite(db, write('a')), groupedSqliteWrite(db, write('b'))])).toEqual([1, 2]);
    expect(calls).toEqual(['a', 'b']);
    calls.length = 0;
    const outcomes = await Promise.allSettled([
      groupedSqliteWrite(db, write('c')),
      groupedSqliteWrite(db, write('d', true)),
      groupedSqliteWrite(db, write('e')),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      expect.any(Number),
      'd failed after its insert',
      expect.any(Number),
    ]);
    expect(calls).toEqual(['c', 'd', 'e']);
    expect(reader.prepare('select text from notes order by id').pluck().all()).toEqual(['a', 'b', 'c', 'e']);
  });
});
