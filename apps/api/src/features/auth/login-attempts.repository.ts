// Sign-in attempt counters (login_attempts): one row per key, counted within a fixed
// window that starts with the key's first attempt.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * How far past a whole window from now a stored window's end must lie to mean the clock went
 * back: concurrent attempts read the clock a few milliseconds apart (on two instances, too), and
 * one that read it earlier must still count in the window a later one opened.
 */
const CLOCK_BACK_SLACK_MS = 60_000;

/**
 * Counts one attempt for `key` and answers the count including it, in one statement, so
 * that concurrent callers on any instance each see a different count. A window that has
 * ended starts again at 1, and so does one ending more than a minute after `expiresAt`, a
 * whole window from now: the clock went back, and a window stamped by it would otherwise
 * outlast its length (issue 39).
 */
export async function reserveAttempt(db: Db, key: string, now: string, expiresAt: string) {
  const end = sql.ref('loginAttempts.expiresAt');
  const clockWentBack = new Date(Date.parse(expiresAt) + CLOCK_BACK_SLACK_MS).toISOString();
  const ended = sql<boolean>`(${end} <= ${now} or ${end} > ${clockWentBack})`;
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
