// The outbox of signed webhooks (decision 0065): what a change queues for the endpoints of the
// request's company that take the event, in the change's own transaction, with the data frozen
// so every retry sends the same bytes. Nothing is written while no endpoint takes the event.
// (A filing queues its `request.filed` rows by the trigger of migration 0058.)
// A work order's `work_order.done` (decision 0068) has no request: its rows carry request 0.
import { randomBytes } from 'node:crypto';
import type { RequestStatus } from '@acende/shared/enums';
import type { WebhookEventType } from '@acende/shared/schemas/webhooks';
import type { Trx } from '../../db/database.ts';

/** Who made the change, as the receiver reads it. */
export type WebhookActor = 'operator' | 'integration' | 'citizen' | 'system';

export interface WebhookEvent {
  type: WebhookEventType;
  /** Null for an event of no request (a work order's). */
  requestId: number | null;
  /** The company whose endpoints hear it. */
  companyId: number;
  at: string;
  /** When it is queued, if later than `at` (a crew's fix synced later): its retries count from here. */
  queuedAt?: string;
  /** The body's `data`; never the citizen's name, e-mail, phone or own words. */
  data: Record<string, unknown>;
}

/** A message id as Standard Webhooks' examples write them: `msg_` and 32 hex digits. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/** Queues each event for every active endpoint of its company that takes its type. */
export async function queueWebhookEvents(trx: Trx, events: WebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  const companies = [...new Set(events.map((event) => event.companyId))];
  const endpoints = await trx
    .selectFrom('webhookEndpoints')
    .select(['id', 'companyId', 'events'])
    .where('companyId', 'in', companies)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  if (endpoints.length === 0) return;
  const rows = events.flatMap((event) =>
    endpoints
      .filter((e) => e.companyId === event.companyId && (JSON.parse(e.events) as string[]).includes(event.type))
      .map((e) => ({
        endpointId: e.id,
        messageId: newMessageId(),
        eventType: event.type,
        // The column is required; 0 also keeps a company's work-order events in order among themselves.
        requestId: event.requestId ?? 0,
        payload: JSON.stringify(event.data),
        eventAt: event.at,
        state: 'pending',
        attempts: 0,
        nextAttemptAt: event.queuedAt ?? event.at,
        retryFrom: event.queuedAt ?? event.at,
        createdAt: event.queuedAt ?? event.at,
      })),
  );
  if (rows.length > 0) await trx.insertInto('webhookDeliveries').values(rows).execute();
}

/** A history event as insertEvent writes it, with what the webhooks need beside it. */
export interface RequestEventForWebhooks {
  requestId: number;
  kind: string;
  actorId: number | null;
  /** Who acted; by default an account's change is an operator's, one without an account a system's by its key. */
  actorKind?: WebhookActor;
  fromStatus: RequestStatus | null;
  toStatus: RequestStatus | null;
  notes: string | null;
  /** The company a transfer left (its webhooks hear `request.transferred_out`). */
  fromCompanyId?: number | null;
  createdAt: string;
  /** When it is queued, if later than createdAt. */
  queuedAt?: string;
}

/** History kinds that are a change of the request itself (a duplicate's link on the original is not). */
const CHANGES = new Set(['updated', 'duplicate', 'duplicate_undone', 'reopened', 'transferred']);

/**
 * The webhooks of one history event: `request.changed` (and `request.completed` when it became
 * completed), or a transfer's `request.transferred_out` to the company it left and
 * `request.transferred_in` to the one it reached. Called by insertEvent, so every writer of history emits them.
 */
export async function queueRequestEventWebhooks(trx: Trx, event: RequestEventForWebhooks): Promise<void> {
  if (!CHANGES.has(event.kind)) return;
  const request = await trx
    .selectFrom('repairRequests')
    .select(['companyId', 'status'])
    .where('id', '=', event.requestId)
    .executeTakeFirst();
  if (!request) return;
  const actor = event.actorKind ?? (event.actorId === null ? 'integration' : 'operator');
  // Only what an operator or a company's system wrote: a citizen's words may hold their contacts.
  const notes = actor === 'operator' || actor === 'integration' ? event.notes || null : null;
  const base = { requestId: event.requestId, status: request.status, actor };
  const at = event.createdAt;
  const queuedAt = event.queuedAt;
  if (event.kind === 'transferred') {
    // By id, never by name: two companies may share a name, and the other one must hear nothing.
    const fromCompanyId = event.fromCompanyId ?? null;
    const data = { ...base, companyId: request.companyId, fromCompanyId, toCompanyId: request.companyId, notes };
    const events: WebhookEvent[] = [
      { type: 'request.transferred_in', requestId: event.requestId, companyId: request.companyId, at, queuedAt, data },
    ];
    if (fromCompanyId !== null) {
      events.unshift({
        type: 'request.transferred_out',
        requestId: event.requestId,
        companyId: fromCompanyId,
        at,
        queuedAt,
        data: { ...data, companyId: fromCompanyId },
      });
    }
    return queueWebhookEvents(trx, events);
  }
  const data = {
    ...base,
    companyId: request.companyId,
    change: event.kind,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    ...(event.kind === 'duplicate' || event.kind === 'duplicate_undone'
      ? { duplicateOf: Number(event.notes?.replace('#', '')) || null }
      : { notes }),
  };
  const events: WebhookEvent[] = [
    { type: 'request.changed', requestId: event.requestId, companyId: request.companyId, at, queuedAt, data },
  ];
  if (event.toStatus === 'completed') events.push({ ...(events[0] as WebhookEvent), type: 'request.completed' });
  await queueWebhookEvents(trx, events);
}

/** A citizen's rating of a completed repair: `request.rated` with the score (never the comment). */
export async function queueRatingWebhook(
  trx: Trx,
  rating: { requestId: number; score: number; at: string },
): Promise<void> {
  const request = await trx
    .selectFrom('repairRequests')
    .select(['companyId', 'status'])
    .where('id', '=', rating.requestId)
    .executeTakeFirst();
  if (!request) return;
  const data = {
    requestId: rating.requestId,
    companyId: request.companyId,
    status: request.status,
    score: rating.score,
    actor: 'citizen',
  };
  await queueWebhookEvents(trx, [
    { type: 'request.rated', requestId: rating.requestId, companyId: request.companyId, at: rating.at, data },
  ]);
}
