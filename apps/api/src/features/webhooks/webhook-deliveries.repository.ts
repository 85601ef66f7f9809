// SQL of the webhook deliveries (migration 0058): the worker's claim with its lease and the
// order rule, the outcome of an attempt, the 24 h expiry, and the admin's list and replay.
import type { WebhookDeliveryState } from '@acende/shared/schemas/webhooks';
import { type Db, dialectOf } from '../../db/database.ts';

/**
 * Claims up to `limit` due deliveries until `leaseUntil` and counts the attempt. A delivery is
 * not due while an earlier one of the same request to the same endpoint is pending (order per
 * request); PostgreSQL locks the candidates FOR UPDATE SKIP LOCKED, SQLite has one writer.
 */
export async function claimDueDeliveries(db: Db, due: { now: string; leaseUntil: string; limit: number }) {
  const rows = await db
    .with(
      (cte) => cte('due').materialized(),
      (qb) => {
        const picked = qb
          .selectFrom('webhookDeliveries as d')
          .select('d.id')
          .where('d.state', '=', 'pending')
          .where('d.nextAttemptAt', '<=', due.now)
          .where((eb) => eb.or([eb('d.claimedUntil', 'is', null), eb('d.claimedUntil', '<', due.now)]))
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('webhookDeliveries as p')
                  .select('p.id')
                  .whereRef('p.endpointId', '=', 'd.endpointId')
                  .whereRef('p.requestId', '=', 'd.requestId')
                  .where('p.state', '=', 'pending')
                  .whereRef('p.id', '<', 'd.id'),
              ),
            ),
          )
          .orderBy('d.nextAttemptAt')
          .orderBy('d.id')
          .limit(due.limit);
        return dialectOf(db) === 'postgres' ? picked.forUpdate().skipLocked() : picked;
      },
    )
    .updateTable('webhookDeliveries')
    .set((eb) => ({ claimedUntil: due.leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export type ClaimedDelivery = Awaited<ReturnType<typeof claimDueDeliveries>>[number];

/** The endpoint a claimed delivery goes to, with its sealed secrets. */
export function findEndpointForSend(db: Db, id: number) {
  return db
    .selectFrom('webhookEndpoints')
    .select(['id', 'url', 'active', 'secretSealed', 'previousSecretSealed', 'previousSecretUntil'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An attempt's outcome: delivered, another try at `nextAttemptAt`, or dead (both null). */
export async function recordAttempt(
  db: Db,
  id: number,
  outcome: {
    state: WebhookDeliveryState;
    nextAttemptAt: string | null;
    deliveredAt: string | null;
    lastStatus: number | null;
    lastError: string | null;
  },
): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set({ ...outcome, claimedUntil: null })
    .where('id', '=', id)
    .execute();
}

/** Puts a claimed row back unsent, due at `due`, giving back the attempt its claim counted. */
export async function putBack(db: Db, id: number, due: string): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set((eb) => ({ state: 'pending', nextAttemptAt: due, claimedUntil: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * Gives up pending deliveries whose 24 h ran out more than a minute ago and that nobody holds
 * (an earlier one of their request kept them back all that time); answers how many.
 */
export async function expireDeliveries(db: Db, retryFromBefore: string, now: string): Promise<number> {
  const result = await db
    .updateTable('webhookDeliveries')
    .set({ state: 'dead', nextAttemptAt: null, lastError: 'expired: not delivered within 24 hours' })
    .where('state', '=', 'pending')
    .where('retryFrom', '<', retryFromBefore)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

function deliveries(db: Db) {
  return db
    .selectFrom('webhookDeliveries as d')
    .innerJoin('webhookEndpoints as e', 'e.id', 'd.endpointId')
    .innerJoin('energyCompanies as c', 'c.id', 'e.companyId')
    .select([
      'd.id',
      'd.endpointId',
      'e.url as endpointUrl',
      'c.name as companyName',
      'd.messageId',
      'd.eventType',
      'd.requestId',
      'd.state',
      'd.attempts',
      'd.createdAt',
      'd.nextAttemptAt',
      'd.deliveredAt',
      'd.lastStatus',
      'd.lastError',
    ]);
}

/** A page of deliveries, newest first, with the filter's total. */
export async function listDeliveries(
  db: Db,
  filter: { state?: WebhookDeliveryState; endpointId?: number; offset: number; limit: number },
) {
  const where = <Q extends ReturnType<typeof deliveries>>(q: Q) =>
    q
      .$if(filter.state !== undefined, (w) => w.where('d.state', '=', filter.state as WebhookDeliveryState))
      .$if(filter.endpointId !== undefined, (w) => w.where('d.endpointId', '=', filter.endpointId as number)) as Q;
  const items = await where(deliveries(db)).orderBy('d.id', 'desc').offset(filter.offset).limit(filter.limit).execute();
  const counted = await db
    .selectFrom('webhookDeliveries as d')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .$if(filter.state !== undefined, (w) => w.where('d.state', '=', filter.state as WebhookDeliveryState))
    .$if(filter.endpointId !== undefined, (w) => w.where('d.endpointId', '=', filter.endpointId as number))
    .executeTakeFirstOrThrow();
  return { items, total: Number(counted.total) };
}

export function findDelivery(db: Db, id: number) {
  return deliveries(db).where('d.id', '=', id).executeTakeFirst();
}

/** A dead letter back to pending with its attempts reset and 24 h from now; false when not dead. */
export async function replayDelivery(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('webhookDeliveries')
    .set({ state: 'pending', attempts: 0, nextAttemptAt: now, retryFrom: now, claimedUntil: null })
    .where('id', '=', id)
    .where('state', '=', 'dead')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
