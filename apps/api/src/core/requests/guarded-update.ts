// Optimistic concurrency for a repair request (decision 0046): the write lands only if nobody
// changed the row since the writer read it, seen by its `updated_at`. Every operator change
// (status, transfer, duplicate) goes through here, in the caller's transaction.
import type { Trx } from '../../db/database.ts';
import type { RepairRequestUpdate } from '../../db/schema.ts';

/**
 * Writes `values` to request `id` only if its updated_at is still `seenUpdatedAt`, and moves
 * updated_at on with them; answers whether it did (false: changed meanwhile, or no such row).
 */
export async function updateRequestIfSeen(
  trx: Trx,
  id: number,
  seenUpdatedAt: string,
  values: RepairRequestUpdate & { updatedAt: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('repairRequests')
    .set(values)
    .where('id', '=', id)
    .where('updatedAt', '=', seenUpdatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
