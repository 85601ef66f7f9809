import type { Db } from '../db/database.ts';

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('siteSettings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as T;
  } catch {
    return undefined;
  }
}

let writtenHere = 0;

/**
 * How many settings this process has written: the hot path's kept settings are forgotten when
 * it moves, before the database's notice of the change arrives (hot-path/settings-watch.ts).
 */
export const settingsWrittenHere = () => writtenHere;

export async function writeSetting(db: Db, key: string, value: unknown, now: string): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('siteSettings')
    .values({ key, value: json, updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updatedAt: now }))
    .execute();
  writtenHere += 1;
}
