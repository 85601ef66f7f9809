// A duplicate's writes (issue 23, decision 0034): the conditional update of the duplicate,
// and the status it had before (read back from its 'duplicate' event) for the undo.
import type { RequestStatus } from '@acende/shared/enums';
import { updateRequestIfSeen } from '../../core/requests/guarded-update.ts';
import type { Trx } from '../../db/database.ts';

/** Sets the duplicate's status and link only if nobody changed it since `expectedUpdatedAt`. */
export async function writeDuplicateIfUnchanged(
  trx: Trx,
  id: number,
  expectedUpdatedAt: string,
  values: {
    status: RequestStatus;
    duplicateOfId: number | null;
    closedAt: string | null;
    dueAt?: string | null;
    updatedAt: string;
  },
): Promise<boolean> {
  return updateRequestIfSeen(trx, id, expectedUpdatedAt, values);
}

/** The status the request had when it was last marked as a duplicate. */
export async function statusBeforeDuplicate(trx: Trx, id: number): Promise<RequestStatus | null> {
  const row = await trx
    .selectFrom('requestEvents')
    .select('fromStatus')
    .where('requestId', '=', id)
    .where('kind', '=', 'duplicate')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (row?.fromStatus as RequestStatus | null | undefined) ?? null;
}
