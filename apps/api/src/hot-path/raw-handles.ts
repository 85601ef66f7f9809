// The driver objects under a Kysely instance (better-sqlite3's writer and read-only reader,
// or the pg pool), for the hot path's own statements. Nothing outside src/hot-path reads
// them (scripts/check-boundaries.mjs); createDatabase attaches them.
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Db } from '../db/database.ts';

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
