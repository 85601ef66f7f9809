// SQL of the browsers subscribed to a request's notices (migration 0055, decision 0063). A
// subscription's id, as text, is the address its messages carry in the channels' outbox.
import { type Db, dialectOf } from '../../db/database.ts';

export interface NewPushSubscription {
  requestId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  createdAt: string;
}

/**
 * Adds the browser to the request unless it is there already (then its keys and language are
 * the latest), keeping at most `max` per request: the request's row is locked first on
 * PostgreSQL, so two subscriptions at once cannot both take the last place. Answers
 * 'created', 'updated' or 'full'.
 */
export async function addSubscription(
  db: Db,
  subscription: NewPushSubscription,
  max: number,
): Promise<'created' | 'updated' | 'full'> {
  return db.transaction().execute(async (trx) => {
    const lock = trx.selectFrom('repairRequests').select('id').where('id', '=', subscription.requestId);
    await (dialectOf(trx) === 'postgres' ? lock.forUpdate() : lock).execute();
    const existing = await trx
      .selectFrom('pushSubscriptions')
      .select('id')
      .where('requestId', '=', subscription.requestId)
      .where('endpoint', '=', subscription.endpoint)
      .executeTakeFirst();
    if (existing) {
      const { p256dh, auth, language } = subscription;
      await trx
        .updateTable('pushSubscriptions')
        .set({ p256dh, auth, language })
        .where('id', '=', existing.id)
        .execute();
      return 'updated';
    }
    if ((await countSubscriptions(trx, subscription.requestId)) >= max) return 'full';
    await trx.insertInto('pushSubscriptions').values(subscription).execute();
    return 'created';
  });
}

export async function countSubscriptions(db: Db, requestId: number): Promise<number> {
  const row = await db
    .selectFrom('pushSubscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('requestId', '=', requestId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Every subscribed browser, for the admin screen. */
export async function countAllSubscriptions(db: Db): Promise<number> {
  const row = await db
    .selectFrom('pushSubscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The browser unsubscribed from the request; answers whether it was subscribed. */
export async function removeSubscription(db: Db, requestId: number, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('pushSubscriptions')
    .where('requestId', '=', requestId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The request's subscribed browsers. `db` may be a transaction. */
export function listSubscriptions(db: Db, requestId: number) {
  return db
    .selectFrom('pushSubscriptions')
    .select(['id', 'language'])
    .where('requestId', '=', requestId)
    .orderBy('id')
    .execute();
}

/** One subscription, to send to. */
export function findSubscription(db: Db, id: number) {
  return db.selectFrom('pushSubscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The push service called the subscription gone (404/410): it goes, and its messages still
 * waiting are given up with `reason` (a retry would meet the same answer).
 */
export async function dropGoneSubscription(db: Db, id: number, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
    await trx
      .updateTable('channelOutbox')
      .set({ status: 'failed', claimedUntil: null, body: '', lastError: reason })
      .where('channel', '=', 'push')
      .where('toAddress', '=', String(id))
      .where('status', '=', 'pending')
      .execute();
  });
}

/** Anonymised requests (retention) keep no browser to reach their filer at. */
export async function deleteSubscriptionsOfRequests(db: Db, requestIds: number[]): Promise<void> {
  if (requestIds.length === 0) return;
  await db.deleteFrom('pushSubscriptions').where('requestId', 'in', requestIds).execute();
}
