// The deliveries an admin reads (dead letters first of all) and replays (decision 0065): a
// replay puts a dead delivery back to pending with its attempts reset, another 24 h of retries
// and the SAME message id, so a receiver that got it after all drops the copy.
import type { WebhookDelivery, WebhookDeliveryPage, WebhookDeliveryState } from '@acende/shared/schemas/webhooks';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { iso } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { findDelivery, listDeliveries, replayDelivery } from './webhook-deliveries.repository.ts';

export const DELIVERY_PAGE_SIZE = 50;

type DeliveryRow = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;

// A work order's event (decision 0068) is queued under request 0: it names no request.
const toDelivery = (row: DeliveryRow): WebhookDelivery =>
  ({ ...row, requestId: row.requestId || null }) as WebhookDelivery;

export async function listWebhookDeliveries(
  deps: AppDeps,
  filter: { state?: WebhookDeliveryState; endpointId?: number; page?: number },
): Promise<WebhookDeliveryPage> {
  const page = filter.page ?? 1;
  const { items, total } = await listDeliveries(deps.db, {
    state: filter.state,
    endpointId: filter.endpointId,
    offset: (page - 1) * DELIVERY_PAGE_SIZE,
    limit: DELIVERY_PAGE_SIZE,
  });
  return { items: items.map(toDelivery), total };
}

export async function replayWebhookDelivery(deps: AppDeps, id: number, actor: AuditActor): Promise<WebhookDelivery> {
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const row = await findDelivery(trx, id);
    if (!row) throw notFound('admin-integrations.webhooks.errors.deliveryNotFound');
    if (!(await replayDelivery(trx, id, now))) throw conflict('admin-integrations.webhooks.errors.notDead');
    await recordAudit(
      trx,
      actor,
      {
        kind: 'webhook.replay',
        objectType: 'webhook_delivery',
        objectId: id,
        before: { state: 'dead', attempts: row.attempts },
        after: { state: 'pending', attempts: 0, messageId: row.messageId },
      },
      now,
    );
  });
  const row = await findDelivery(deps.db, id);
  if (!row) throw notFound('admin-integrations.webhooks.errors.deliveryNotFound');
  return toDelivery(row);
}
