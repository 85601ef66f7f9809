import type { Db } from '../../db/database.ts';

export async function insertLoginFailure(db: Db, failure: { username: string; ip: string; createdAt: string }) {
  await db.insertInto('loginFailures').values(failure).execute();
}

/** The `limit` most recent failures for one key since `since`, newest first. */
export async function recentFailures(db: Db, key: 'username' | 'ip', value: string, since: string, limit: number) {
  const rows = await db
    .selectFrom('loginFailures')
    .select('createdAt')
    .where(key, '=', value)
    .where('createdAt', '>', since)
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.createdAt);
}

export async function deleteFailuresOfUsername(db: Db, username: string) {
  await db.deleteFrom('loginFailures').where('username', '=', username).execute();
}

/** Drops failures that no longer count, for the keys just written (both use an index). */
export async function deleteOldFailures(db: Db, username: string, ip: string, before: string) {
  await db.deleteFrom('loginFailures').where('username', '=', username).where('createdAt', '<=', before).execute();
  await db.deleteFrom('loginFailures').where('ip', '=', ip).where('createdAt', '<=', before).execute();
}
