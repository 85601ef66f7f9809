import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import { signedIn, type TestAccount } from './accounts.ts';
import type { TestContext } from './engines.ts';
// Repair requests as the public wizard files them, every field filled and valid.
export const validRequest = {
  name: 'Maria da Silva Souza',
  email: 'maria.souza@example.com',
  phone: '(51) 99876-4321',
  address: 'Rua dos Andradas, 1234 - Centro Histórico, Porto Alegre - RS',
  reference: 'Em frente à farmácia',
  problemType: 'LIGHT_OUT',
  latitude: '-30.0277',
  longitude: '-51.2287',
  company: '1',
};

/**
 * Another one, by a school: the e-mail tests find its reference in the mail, and the suites
 * against the built server (tests/support/client.ts) file it.
 */
export const requestBySchool = {
  name: 'Maria da Silva',
  email: 'maria@example.com',
  phone: '(51) 99999-1234',
  address: 'Rua dos Andradas, 100, Porto Alegre',
  reference: 'Em frente à escola',
  problemType: 'LIGHT_OUT',
  latitude: '-30.0312',
  longitude: '-51.2306',
  company: '1',
};

/** The numbers an operator's list search for `q` shows (one page of 100), as `account` sees it. */
export async function searchedIds(app: App, account: TestAccount, q: string): Promise<number[]> {
  const res = await app.inject({
    url: `/api/admin/repair-requests?q=${encodeURIComponent(q)}&pageSize=100`,
    headers: account.headers,
  });
  expect(res.statusCode, q).toBe(200);
  return res.json().items.map((item: { id: number }) => item.id);
}

/** Files `validRequest` (with `overrides`) as the wizard does; answers its number. */
export async function fileValidRequest(app: App, overrides: Record<string, unknown> = {}): Promise<number> {
  return (await fileTracked(app, overrides)).id;
}

/** Files `validRequest` (with `overrides`) as the wizard does; answers its number and tracking token. */
export async function fileTracked(
  app: App,
  overrides: Record<string, unknown> = {},
  language?: string,
): Promise<{ id: number; trackingToken: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/repair-requests',
    payload: { ...validRequest, ...overrides },
    headers: language ? { 'accept-language': language } : {},
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; trackingToken: string };
}

/**
 * Moves request `id` to `status` as an admin, signed in afresh (suites move the clock past a
 * session's life); answers that admin.
 */
export async function setStatusAsAdmin(ctx: TestContext, id: number, status: string): Promise<TestAccount> {
  const admin = await signedIn(ctx, { role: 'admin' });
  const read = await ctx.app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers });
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/repair-requests/${id}`,
    headers: admin.headers,
    payload: { status, updatedAt: read.json().updatedAt },
  });
  expect(res.statusCode, res.body).toBe(200);
  return admin;
}
