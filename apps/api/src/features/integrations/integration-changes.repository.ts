// SQL of status in (migration 0059, decision 0066): a request as its company's system reads
// it, and the changes kept by Idempotency-Key.
import type { Db, Trx } from '../../db/database.ts';

/** Request `id` when it is `companyId`'s; undefined otherwise, as if it did not exist. */
export function findCompanyRequest(db: Db | Trx, companyId: number, id: number) {
  return db
    .selectFrom('repairRequests')
    .select([
      'id',
      'status',
      'notes',
      'assignedTo',
      'problemType',
      'address',
      'poleNumber',
      'latitude',
      'longitude',
      'createdAt',
      'dueAt',
      'closedAt',
      'updatedAt',
    ])
    .where('id', '=', id)
    .where('companyId', '=', companyId)
    .executeTakeFirst();
}

/** The change made with this key's Idempotency-Key, if any. */
export function findChange(db: Db | Trx, keyId: number, idempotencyKeyHash: string) {
  return db
    .selectFrom('integrationChanges')
    .select(['id', 'bodyHash', 'statusCode', 'answer'])
    .where('keyId', '=', keyId)
    .where('idempotencyKeyHash', '=', idempotencyKeyHash)
    .executeTakeFirst();
}

/**
 * Claims the Idempotency-Key for a change in the change's transaction; undefined when another
 * holds it. PostgreSQL makes a concurrent claim wait for the first to end (the unique key), so
 * the loser reads the winner's row; SQLite has one writer at a time.
 */
export async function claimChange(
  trx: Trx,
  values: { keyId: number; idempotencyKeyHash: string; bodyHash: string; requestId: number; createdAt: string },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('integrationChanges')
    .values({ ...values, statusCode: 0, answer: '' })
    .onConflict((oc) => oc.columns(['keyId', 'idempotencyKeyHash']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Stores the answer a claimed change gave, to replay. */
export async function completeChange(trx: Trx, id: number, statusCode: number, answer: string): Promise<void> {
  await trx.updateTable('integrationChanges').set({ statusCode, answer }).where('id', '=', id).execute();
}
