// A citizen's reopen: the request as the rule needs it, and the change written only while the
// request is still the completed one that was read (two reopens at once: one of them).
import type { Trx } from '../../db/database.ts';

export function findRequestForReopen(trx: Trx, id: number) {
  return trx
    .selectFrom('repairRequests')
    .select([
      'id',
      'name',
      'email',
      'language',
      'status',
      'closedAt',
      'assignedToId',
      'assignedTo',
      'trackingTokenHash',
      'updatedAt',
      'anonymizedAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Back to open, only if it is still completed since `closedAt`; answers whether it was. */
export async function reopenIfStillCompleted(trx: Trx, id: number, closedAt: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('repairRequests')
    .set((eb) => ({
      status: 'open',
      closedAt: null,
      reopenedAt: now,
      reopenCount: eb('reopenCount', '+', 1),
      updatedAt: now,
    }))
    .where('id', '=', id)
    .where('status', '=', 'completed')
    .where('closedAt', '=', closedAt)
    // Anonymised meanwhile: no longer reopened (retention never visits it again).
    .where('anonymizedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertReopenedEvent(
  trx: Trx,
  event: { requestId: number; assignedToId: number | null; assignedTo: string | null; note: string; at: string },
): Promise<void> {
  await trx
    .insertInto('requestEvents')
    .values({
      requestId: event.requestId,
      kind: 'reopened',
      // The citizen, who has no account: no actor, as the 'created' event.
      actorId: null,
      actorName: null,
      fromStatus: 'completed',
      toStatus: 'open',
      assignedToId: event.assignedToId,
      assignedTo: event.assignedTo,
      notes: event.note,
      createdAt: event.at,
    })
    .execute();
}
