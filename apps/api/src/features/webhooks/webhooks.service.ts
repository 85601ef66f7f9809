// A company's webhook endpoints (issue 38, decision 0065): admins add, change, rotate and
// delete them, each audited without the secret; the secret is answered on creation and rotation
// only. An address must resolve to public addresses only (or WEBHOOK_ALLOWED_NETWORKS).
import {
  WEBHOOK_ENDPOINTS_PER_COMPANY,
  type WebhookEndpoint,
  type WebhookEndpointPatch,
  type WebhookEndpointValues,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@acende/shared/schemas/webhooks';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { resolveWebhookTarget } from './webhook-address.ts';
import { newWebhookSecret, ROTATION_OVERLAP_MS } from './webhook-secrets.ts';
import {
  countCompanyEndpoints,
  deleteEndpoint,
  findCompany,
  findEndpoint,
  findEndpointSecret,
  insertEndpoint,
  listEndpoints,
  updateEndpoint,
} from './webhooks.repository.ts';

type EndpointRow = NonNullable<Awaited<ReturnType<typeof findEndpoint>>>;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    ...row,
    events: JSON.parse(row.events) as WebhookEventType[],
    active: row.active === 1,
    pending: Number(row.pending ?? 0),
    dead: Number(row.dead ?? 0),
    lastDeliveredAt: row.lastDeliveredAt ?? null,
  };
}

async function readEndpoint(deps: AppDeps, id: number): Promise<WebhookEndpoint> {
  const row = await findEndpoint(deps.db, id);
  if (!row) throw notFound('admin-integrations.webhooks.errors.notFound');
  return toEndpoint(row);
}

/** Refuses an address that does not resolve, or resolves to a private or local network (400 on `url`). */
async function checkAddress(deps: AppDeps, url: string): Promise<void> {
  const target = await resolveWebhookTarget(deps, url);
  if (target.ok) return;
  const key =
    target.reason === 'blocked'
      ? 'admin-integrations.webhooks.errors.addressBlocked'
      : 'admin-integrations.webhooks.errors.addressUnresolved';
  throw new AppError(key, 400, { host: new URL(url).hostname }, { url: key });
}

export async function listWebhookEndpoints(deps: AppDeps): Promise<WebhookEndpoint[]> {
  return (await listEndpoints(deps.db)).map(toEndpoint);
}

export async function createWebhookEndpoint(
  deps: AppDeps,
  input: WebhookEndpointValues,
  actor: AuditActor,
): Promise<WebhookEndpointWithSecret> {
  if (!(await findCompany(deps.db, input.companyId))) {
    throw new AppError('common.validation.company.invalid', 400, undefined, {
      companyId: 'common.validation.company.invalid',
    });
  }
  await checkAddress(deps, input.url);
  const now = iso(deps.clock);
  const { secret, sealed, prefix } = newWebhookSecret(deps);
  const id = await deps.db.transaction().execute(async (trx) => {
    if ((await countCompanyEndpoints(trx, input.companyId)) >= WEBHOOK_ENDPOINTS_PER_COMPANY) {
      throw new AppError('admin-integrations.webhooks.errors.tooMany', 409, { max: WEBHOOK_ENDPOINTS_PER_COMPANY });
    }
    const newId = await insertEndpoint(trx, {
      companyId: input.companyId,
      url: input.url,
      description: input.description,
      events: JSON.stringify(input.events),
      secretSealed: sealed,
      secretPrefix: prefix,
      createdById: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    const after = { companyId: input.companyId, url: input.url, events: input.events, secretPrefix: prefix };
    await recordAudit(trx, actor, { kind: 'webhook.create', objectType: 'webhook', objectId: newId, after }, now);
    return newId;
  });
  return { ...(await readEndpoint(deps, id)), secret };
}

export async function changeWebhookEndpoint(
  deps: AppDeps,
  id: number,
  patch: WebhookEndpointPatch,
  actor: AuditActor,
): Promise<WebhookEndpoint> {
  const before = await readEndpoint(deps, id);
  if (patch.url !== undefined && patch.url !== before.url) await checkAddress(deps, patch.url);
  const next = {
    url: patch.url ?? before.url,
    events: patch.events ?? before.events,
    description: patch.description !== undefined ? patch.description : before.description,
    active: patch.active ?? before.active,
  };
  const change = changedFields(
    { url: before.url, events: before.events, description: before.description, active: before.active },
    next,
  );
  if (change.after === null) return before;
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    await updateEndpoint(trx, id, {
      url: next.url,
      events: JSON.stringify(next.events),
      description: next.description,
      active: next.active ? 1 : 0,
      updatedAt: now,
    });
    await recordAudit(trx, actor, { kind: 'webhook.update', objectType: 'webhook', objectId: id, ...change }, now);
  });
  return readEndpoint(deps, id);
}

/** A new secret; the one it replaces still signs beside it for ROTATION_OVERLAP_MS. */
export async function rotateWebhookSecret(
  deps: AppDeps,
  id: number,
  actor: AuditActor,
): Promise<WebhookEndpointWithSecret> {
  const now = deps.clock.now();
  const { secret, sealed, prefix } = newWebhookSecret(deps);
  await deps.db.transaction().execute(async (trx) => {
    const old = await findEndpointSecret(trx, id);
    if (!old) throw notFound('admin-integrations.webhooks.errors.notFound');
    await updateEndpoint(trx, id, {
      secretSealed: sealed,
      secretPrefix: prefix,
      previousSecretSealed: old.secretSealed,
      previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(),
      updatedAt: now.toISOString(),
    });
    const entry = { before: { secretPrefix: old.secretPrefix }, after: { secretPrefix: prefix } };
    await recordAudit(
      trx,
      actor,
      { kind: 'webhook.rotate', objectType: 'webhook', objectId: id, ...entry },
      now.toISOString(),
    );
  });
  return { ...(await readEndpoint(deps, id)), secret };
}

/** Deletes an endpoint and what it had waiting or given up. */
export async function deleteWebhookEndpoint(deps: AppDeps, id: number, actor: AuditActor): Promise<void> {
  const before = await readEndpoint(deps, id);
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    await deleteEndpoint(trx, id);
    const entry = { before: { companyId: before.companyId, url: before.url, events: before.events } };
    await recordAudit(trx, actor, { kind: 'webhook.delete', objectType: 'webhook', objectId: id, ...entry }, now);
  });
}
