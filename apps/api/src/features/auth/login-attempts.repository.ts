// Sign-in attempt counters (login_attempts): one row per key, counted within a fixed
// window that starts with the key's first attempt.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Counts one attempt for `key` and answers the count including it, in one statement, so
 * that concurrent callers on any instance each see a different count. A window that has
 * ended starts again at 1.
 */
export async function reserveAttempt(db: Db, key: string, now: string, expiresAt: string) {
  const ended = sql<boolean>`${sql.ref('loginAttempts.expiresAt')} <= ${now}`;
  return db
    .insertInto('loginAttempts')
    .values({ key, count: 1, expiresAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${ended} then 1 else ${sql.ref('loginAttempts.count')} + 1 end`,
        expiresAt: sql<string>`case when ${ended} then ${expiresAt} else ${sql.ref('loginAttempts.expiresAt')} end`,
      }),
    )
    .returning(['count', 'expiresAt'])
    .executeTakeFirstOrThrow();
}

/** Gives back an attempt that checked no password (refused) or did not fail, in the window it was counted in. */
export async function releaseAttempt(db: Db, key: string, expiresAt: string) {
  await db
    .updateTable('loginAttempts')
    .set({ count: sql<number>`${sql.ref('count')} - 1` })
    .where('key', '=', key)
    .where('expiresAt', '=', expiresAt)
    .where('count', '>', 0)
    .execute();
}

export async function deleteAttempts(db: Db, key: string) {
  await db.deleteFrom('loginAttempts').where('key', '=', key).execute();
}

export async function deleteEndedAttempts(db: Db, now: string) {
  await db.deleteFrom('loginAttempts').where('expiresAt', '<=', now).execute();
}
