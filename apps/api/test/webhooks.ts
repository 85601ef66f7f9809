// What the webhook suites share: an endpoint added through the admin API, a request's change
// as an operator makes it, and a clean slate between tests. Test code only.
import { expect } from 'vitest';
import type { TestAccount } from './accounts.ts';
import type { TestContext } from './engines.ts';

export async function addEndpoint(
  ctx: TestContext,
  admin: TestAccount,
  values: { url: string; events: string[]; companyId?: number },
): Promise<{ id: number; secret: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: admin.headers,
    payload: { companyId: 1, ...values },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** An operator's change (status, notes) or transfer, through the admin API. */
export async function changeRequest(
  ctx: TestContext,
  admin: TestAccount,
  id: number,
  change: Record<string, unknown>,
  path = '',
): Promise<void> {
  const read = await ctx.app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers });
  const res = await ctx.app.inject({
    method: path ? 'POST' : 'PATCH',
    url: `/api/admin/repair-requests/${id}${path}`,
    headers: admin.headers,
    payload: { ...change, updatedAt: read.json().updatedAt },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** No endpoint and no delivery left from an earlier test. */
export async function clearWebhooks(ctx: TestContext): Promise<void> {
  await ctx.db.deleteFrom('webhookDeliveries').execute();
  await ctx.db.deleteFrom('webhookEndpoints').execute();
}

export function deliveryRows(ctx: TestContext) {
  return ctx.db.selectFrom('webhookDeliveries').selectAll().orderBy('id').execute();
}
