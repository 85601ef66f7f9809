// An operator's change to a request: the row, written only if nobody changed it since it
// was read, and the history event that records it, in the caller's transaction.
import type { RequestStatus } from '@acende/shared/enums';
import type { Db, Trx } from '../../db/database.ts';
import { queueRequestEventWebhooks, type WebhookActor } from '../webhooks/webhook-queue.ts';
import { updateRequestIfSeen } from './guarded-update.ts';

/**
 * Writes the change only if nobody changed the row since `expectedUpdatedAt`
 * (optimistic concurrency); answers whether it did.
 */
export async function updateRequestIfUnchanged(
  trx: Trx,
  id: number,
  expectedUpdatedAt: string,
  values: {
    status: RequestStatus;
    assignedToId: number | null;
    assignedTo: string | null;
    notes: string | null;
    /** When it reached completed or cancelled (the retention's clock), null when open again. */
    closedAt: string | null;
    /** The due time (decision 0029): moved forward when the request leaves cancelled. */
    dueAt: string | null;
    updatedAt: string;
  },
): Promise<boolean> {
  return updateRequestIfSeen(trx, id, expectedUpdatedAt, values);
}

export async function insertEvent(
  trx: Trx,
  event: {
    requestId: number;
    kind: string;
    /** Null for a company's system acting by its key (decision 0066). */
    actorId: number | null;
    actorName: string;
    fromStatus: RequestStatus | null;
    toStatus: RequestStatus | null;
    assignedToId: number | null;
    assignedTo: string | null;
    notes: string | null;
    /** A transfer's companies, by name as they were then. */
    fromCompanyName?: string | null;
    toCompanyName?: string | null;
    /** A transfer's company it left, by id, for its webhooks (names are not unique). Not stored. */
    fromCompanyId?: number | null;
    /** Who acted, for the webhooks (decision 0065); by default from actorId. Not stored. */
    actorKind?: WebhookActor;
    createdAt: string;
    /** When its webhooks are queued, if later than createdAt (a crew's synced fix). Not stored. */
    queuedAt?: string;
  },
): Promise<void> {
  const { fromCompanyId, actorKind, queuedAt, ...stored } = event;
  await trx.insertInto('requestEvents').values(stored).execute();
  // Every writer of history emits the company's webhooks in the same transaction (decision 0065).
  await queueRequestEventWebhooks(trx, { ...event, fromCompanyId, actorKind, queuedAt });
}

/** Moves the row to another company only if nobody changed it since `expectedUpdatedAt`. */
export async function transferRequestIfUnchanged(
  trx: Trx,
  id: number,
  expectedUpdatedAt: string,
  values: {
    companyId: number;
    assignedToId: number | null;
    assignedTo: string | null;
    poleId: null;
    updatedAt: string;
  },
): Promise<boolean> {
  if (!(await updateRequestIfSeen(trx, id, expectedUpdatedAt, values))) return false;
  // It leaves its open work order (decision 0067): the new company's crews may be sent to it,
  // and the old stop is a conflict for its crew from now on (crew-sync.service.ts).
  await trx.updateTable('workOrderStops').set({ openRequestId: null }).where('openRequestId', '=', id).execute();
  return true;
}

/** The company a transfer names, with what the rule needs (active) and the names the event keeps. */
export function findCompanyForTransfer(db: Db | Trx, companyId: number) {
  return db
    .selectFrom('energyCompanies')
    .select(['id', 'name', 'fullName', 'active'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}
