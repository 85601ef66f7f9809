// What the crew suites share (decision 0068): a crew and its signed-in account, made as the
// users screen makes them (role 'crew', the crew, the link to its company); a work order made
// by the office; the phone's calls. Test code only.
import { expect } from 'vitest';
import { createAccount, signedIn, signIn, type TestAccount } from '../../../test/accounts.ts';
import type { TestContext } from '../../../test/engines.ts';
import { zoneParts } from '../../core/format.ts';

export interface CrewLogin extends TestAccount {
  crewId: number;
  companyId: number;
}

let sequence = 0;

/** A new crew of `companyId` with one crew account, signed in. */
export async function crewAccount(ctx: TestContext, companyId: number, name?: string): Promise<CrewLogin> {
  sequence += 1;
  const now = ctx.clock.now().toISOString();
  const crew = await ctx.db
    .insertInto('crews')
    .values({ companyId, name: name ?? `Equipe ${sequence}`, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await createAccount(ctx, { role: 'crew', companyIds: [companyId], name: `Campo ${sequence}` });
  await ctx.db.updateTable('admins').set({ crewId: crew.id }).where('id', '=', account.id).execute();
  const cookie = await signIn(ctx, account.username, account.password);
  return { ...account, cookie, headers: { cookie }, crewId: crew.id, companyId };
}

/** Signs the same crew account in again (after the clock moved past a session's idle time). */
export async function again(ctx: TestContext, login: CrewLogin): Promise<CrewLogin> {
  const cookie = await signIn(ctx, login.username, login.password);
  return { ...login, cookie, headers: { cookie } };
}

/** Today in the service's time zone, as the work orders name days. */
export function today(ctx: TestContext): string {
  const p = zoneParts(ctx.clock.now().getTime());
  return `${p.y}-${p.m}-${p.d}`;
}

export async function officeAdmin(ctx: TestContext): Promise<TestAccount> {
  return signedIn(ctx, { role: 'admin' });
}

/** The office makes a work order for the crew of today (or `day`) with these requests. */
export async function workOrderFor(
  ctx: TestContext,
  office: TestAccount,
  crew: CrewLogin,
  requestIds: number[],
  day = today(ctx),
): Promise<{ id: number; stops: { id: number; requestId: number }[] }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/work-orders',
    headers: office.headers,
    payload: { crewId: crew.crewId, day, requestIds },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export function crewDay(ctx: TestContext, crew: TestAccount, day = today(ctx)) {
  return ctx.app.inject({ url: `/api/crew/day?day=${day}`, headers: crew.headers });
}

/** The stops of the day as the phone downloads them, by request id. */
export async function stopsByRequest(ctx: TestContext, crew: TestAccount, day = today(ctx)) {
  const res = await crewDay(ctx, crew, day);
  expect(res.statusCode, res.body).toBe(200);
  const stops = res.json().workOrders.flatMap((o: { stops: unknown[] }) => o.stops) as {
    id: number;
    requestId: number;
    updatedAt: string;
  }[];
  return new Map(stops.map((stop) => [stop.requestId, stop]));
}

export function sync(ctx: TestContext, crew: TestAccount, actions: unknown[], language = 'pt') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/crew/sync',
    headers: { ...crew.headers, 'accept-language': language },
    payload: { actions },
  });
}

let keys = 0;
/** A fresh action key, as a phone makes one. */
export function newKey(): string {
  keys += 1;
  return `key-${process.pid}-${keys}-${Date.now()}`;
}

/** An action on `stop` with a fresh key, `at` now by the app's clock (which tests move by hand). */
export function action(
  ctx: TestContext,
  kind: 'arrive' | 'fix' | 'not_possible',
  stop: { id: number; updatedAt: string },
  extra: Record<string, unknown> = {},
) {
  const at = ctx.clock.now().toISOString();
  return { key: newKey(), kind, stopId: stop.id, at, seenUpdatedAt: stop.updatedAt, ...extra };
}

export async function countRows(ctx: TestContext, table: 'requestEvents' | 'emailOutbox' | 'crewActions' | 'auditLog') {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
