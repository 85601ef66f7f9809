// Item 8 of "Trust under attack": the SQLite database (with its -wal and -shm), the data
// folder and the generated app-secret are created owner-only, even under umask 000.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('files the server creates', () => {
  let base: string;
  let umask: number;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'acende-perms-'));
    umask = process.umask(0);
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(base, { recursive: true, force: true });
  });

  it('creates the SQLite folder 0700 and the database, -wal and -shm 0600 under umask 000', async () => {
    const dir = join(base, 'data', 'db');
    const file = join(dir, 'acende.db');
    const db = createDatabase(`sqlite:${file}`);
    try {
      await migrateToLatest(db);
      expect({
        parent: mode(join(base, 'data')),
        dir: mode(dir),
        db: mode(file),
        wal: mode(`${file}-wal`),
        shm: mode(`${file}-shm`),
      }).toEqual({ parent: '700', dir: '700', db: '600', wal: '600', shm: '600' });
    } finally {
      await db.destroy();
    }
  });

  it('creates the data folder 0700 and the generated app-secret 0600 under umask 000', () => {
    const dataDir = join(base, 'state', 'data');
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', DATA_DIR: dataDir });
    expect(config.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect({ dir: mode(dataDir), secret: mode(join(dataDir, 'app-secret')) }).toEqual({ dir: '700', secret: '600' });
  });
});
