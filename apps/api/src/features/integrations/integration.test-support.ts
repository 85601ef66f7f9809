// Calls of status in for the API tests (decision 0066): keys issued through the admin route,
// a company's system's reads and changes, and the rows a refused change must leave alone.
import { expect } from 'vitest';
import type { TestAccount } from '../../../test/accounts.ts';
import type { TestContext } from '../../../test/engines.ts';

export async function issueKey(ctx: TestContext, admin: TestAccount, companyId: number, name = `Sistema ${companyId}`) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/integration-keys',
    headers: admin.headers,
    payload: { companyId, name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; key: string; keyPrefix: string; name: string };
}

export interface ChangeCall {
  idempotencyKey?: string | null;
  language?: string;
  app?: TestContext['app'];
}

let sequence = 0;

/** POST …/changes with `key` as the bearer; a fresh Idempotency-Key unless one is given (null: none). */
export function sendChange(ctx: TestContext, key: string, id: number | string, body: unknown, call: ChangeCall = {}) {
  sequence += 1;
  const idempotency = call.idempotencyKey === undefined ? `k-${process.pid}-${sequence}` : call.idempotencyKey;
  return (call.app ?? ctx.app).inject({
    method: 'POST',
    url: `/api/integration/v1/requests/${id}/changes`,
    headers: {
      authorization: `Bearer ${key}`,
      'accept-language': call.language ?? 'pt',
      ...(idempotency === null ? {} : { 'idempotency-key': idempotency }),
    },
    payload: body as object,
  });
}

export function readAsSystem(ctx: TestContext, key: string, id: number | string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/integration/v1/requests/${id}`,
    headers: { authorization: `Bearer ${key}` },
  });
}

async function count(ctx: TestContext, table: 'auditLog' | 'requestEvents' | 'emailOutbox' | 'integrationChanges') {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Everything a refused change must leave as it was. */
export async function snapshot(ctx: TestContext, ids: number[]) {
  return {
    audit: await count(ctx, 'auditLog'),
    events: await count(ctx, 'requestEvents'),
    outbox: await count(ctx, 'emailOutbox'),
    changes: await count(ctx, 'integrationChanges'),
    rows: await ctx.db
      .selectFrom('repairRequests')
      .select(['id', 'status', 'notes', 'updatedAt', 'closedAt', 'dueAt'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute(),
  };
}

/** The request's history events, oldest first. */
export function eventsOf(ctx: TestContext, id: number) {
  return ctx.db.selectFrom('requestEvents').selectAll().where('requestId', '=', id).orderBy('id').execute();
}

/** Status e-mails queued for the request. */
export function statusEmailsOf(ctx: TestContext, id: number) {
  return ctx.db
    .selectFrom('emailOutbox')
    .selectAll()
    .where('requestId', '=', id)
    .where('kind', '=', 'status_update')
    .execute();
}
