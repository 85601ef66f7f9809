// The followers of requests and the filer's opt-out (migration 0037): SQL only. A follower's
// e-mail is read here for the outbox and nowhere else.
import type { Db, Trx } from '../../db/database.ts';

export interface FollowerRow {
  id: number;
  email: string;
  language: string;
}

export function listFollowers(db: Db | Trx, requestId: number): Promise<FollowerRow[]> {
  return db
    .selectFrom('requestFollowers')
    .select(['id', 'email', 'language'])
    .where('requestId', '=', requestId)
    .orderBy('id')
    .execute();
}

export async function countFollowers(db: Db | Trx, requestId: number): Promise<number> {
  const row = await db
    .selectFrom('requestFollowers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('requestId', '=', requestId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds a follower unless that e-mail already follows the request; answers whether it did. */
export async function insertFollower(
  trx: Trx,
  row: {
    requestId: number;
    email: string;
    language: string;
    unsubscribeTokenHash: string;
    viaRequestId: number | null;
    createdAt: string;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('requestFollowers')
    .values(row)
    .onConflict((oc) => oc.columns(['requestId', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Removes the follower the token's hash names; answers the request it followed. */
export async function deleteFollowerByTokenHash(
  trx: Trx,
  hash: string,
): Promise<{ requestId: number; email: string } | undefined> {
  return trx
    .deleteFrom('requestFollowers')
    .where('unsubscribeTokenHash', '=', hash)
    .returning(['requestId', 'email'])
    .executeTakeFirst();
}

/**
 * Gives up the request's e-mails of these kinds still waiting (to `address` only, when given):
 * an unsubscribe stops what is queued too, not only what comes after.
 */
export async function giveUpWaitingEmails(
  trx: Trx,
  requestId: number,
  kinds: string[],
  address?: string,
): Promise<void> {
  let query = trx
    .updateTable('emailOutbox')
    .set({ status: 'failed', claimedUntil: null, lastError: 'unsubscribed', textBody: '', htmlBody: '' })
    .where('requestId', '=', requestId)
    .where('status', '=', 'pending')
    .where('kind', 'in', kinds);
  if (address !== undefined) query = query.where('toAddress', '=', address);
  await query.execute();
}

/** Removes the followers that came through a duplicate (its filer), when the duplicate is undone. */
export async function deleteFollowersVia(trx: Trx, viaRequestId: number): Promise<number> {
  const result = await trx.deleteFrom('requestFollowers').where('viaRequestId', '=', viaRequestId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The followers that are personal data of these requests: following them, or their filers
 * following an original (via). Answered, then deleted, so the caller can scrub their e-mails.
 */
export async function deleteFollowersOfRequests(
  trx: Trx,
  requestIds: number[],
): Promise<{ requestId: number; email: string }[]> {
  if (requestIds.length === 0) return [];
  return trx
    .deleteFrom('requestFollowers')
    .where((eb) => eb.or([eb('requestId', 'in', requestIds), eb('viaRequestId', 'in', requestIds)]))
    .returning(['requestId', 'email'])
    .execute();
}

/** The filer's opt-out of the request's status e-mails; answers whether the request exists. */
export async function setStatusEmailsOff(trx: Trx, requestId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('repairRequests')
    .set((eb) => ({ statusEmailsOffAt: eb.fn.coalesce('statusEmailsOffAt', eb.val(now)) }))
    .where('id', '=', requestId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function statusEmailsOff(db: Db | Trx, requestId: number): Promise<boolean> {
  const row = await db
    .selectFrom('repairRequests')
    .select('statusEmailsOffAt')
    .where('id', '=', requestId)
    .executeTakeFirst();
  return row?.statusEmailsOffAt != null;
}

/** The request a citizen may follow: it exists, and whether it is still open. */
export function findFollowable(trx: Trx, requestId: number) {
  return trx
    .selectFrom('repairRequests')
    .select(['id', 'status', 'duplicateOfId', 'anonymizedAt'])
    .where('id', '=', requestId)
    .executeTakeFirst();
}

/** The requests marked as duplicates of `requestId`. */
export async function listDuplicateIds(db: Db | Trx, requestId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('repairRequests')
    .select('id')
    .where('duplicateOfId', '=', requestId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
