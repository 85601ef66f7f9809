// Accounts for API tests: create one of any role (optionally linked to companies) and
// sign it in through the real login route, getting back the cookie to send.
import type { Role } from '@acende/shared/enums';
import { expect } from 'vitest';
import { hashPassword } from '../src/lib/passwords.ts';
import type { TestContext } from './engines.ts';

let counter = 0;

export interface TestAccount {
  id: number;
  username: string;
  password: string;
  cookie: string;
  headers: { cookie: string };
}

export async function createAccount(
  ctx: TestContext,
  options: {
    role?: Role;
    companyIds?: number[];
    /** A 'crew' account's crew (decision 0068); link its company in `companyIds` too. */
    crewId?: number;
    username?: string;
    password?: string;
    name?: string;
    email?: string;
  } = {},
): Promise<{ id: number; username: string; password: string }> {
  counter += 1;
  const username = options.username ?? `${options.role ?? 'admin'}-${process.pid}-${counter}`;
  const password = options.password ?? `pw-${username}-secret`;
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db
    .insertInto('admins')
    .values({
      username,
      passwordHash: await hashPassword(password),
      name: options.name ?? `Test ${username}`,
      email: options.email ?? null,
      role: options.role ?? 'admin',
      crewId: options.crewId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const companyId of options.companyIds ?? []) {
    await ctx.db.insertInto('adminCompanies').values({ adminId: row.id, companyId, createdAt: now }).execute();
  }
  return { id: row.id, username, password };
}

export async function signIn(ctx: TestContext, username: string, password: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = res.cookies.find((c) => c.name.endsWith('acende_session'));
  if (!setCookie) throw new Error('login set no session cookie');
  return `${setCookie.name}=${setCookie.value}`;
}

/** A crew of `companyId` (decision 0067), on unless `active` is false; its id. */
export async function createCrew(
  ctx: TestContext,
  companyId: number,
  options: { name?: string; active?: boolean } = {},
) {
  counter += 1;
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db
    .insertInto('crews')
    .values({
      companyId,
      name: options.name ?? `Equipe ${process.pid}-${counter}`,
      active: options.active === false ? 0 : 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A signed-in crew account of a new crew of `companyId` (decision 0068). */
export async function signedInCrew(ctx: TestContext, companyId = 1): Promise<TestAccount & { crewId: number }> {
  const crewId = await createCrew(ctx, companyId);
  return { ...(await signedIn(ctx, { role: 'crew', crewId, companyIds: [companyId] })), crewId };
}

/** Creates an account and signs it in. */
export async function signedIn(
  ctx: TestContext,
  options: Parameters<typeof createAccount>[1] = {},
): Promise<TestAccount> {
  const account = await createAccount(ctx, options);
  const cookie = await signIn(ctx, account.username, account.password);
  return { ...account, cookie, headers: { cookie } };
}
