// Who is signed in: the account behind a session cookie, the session's lifetimes and the
// cookie's name and options. The auth plugin (plugins/auth.ts) and the sign-in routes use it.
import type { Role } from '@acende/shared/enums';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import { findSessionAccount, touchSession } from '../../core/sessions.repository.ts';
import { hashToken } from '../../lib/tokens.ts';
import { isTwoFactorSetupRequired, PENDING_SIGN_IN_MS } from './two-factor.service.ts';

export const SESSION_IDLE_MS = 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export function sessionCookieName(deps: AppDeps): string {
  return deps.config.NODE_ENV === 'production' ? '__Host-acende_session' : 'acende_session';
}

export function sessionCookieOptions(deps: AppDeps) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.NODE_ENV === 'production',
  };
}

/** The sign-in waiting for its second factor (decision 0026): HttpOnly, strict, short-lived. */
export function pendingSignInCookieName(deps: AppDeps): string {
  return deps.config.NODE_ENV === 'production' ? '__Host-acende_two_factor' : 'acende_two_factor';
}

export function pendingSignInCookieOptions(deps: AppDeps) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.config.NODE_ENV === 'production',
    maxAge: PENDING_SIGN_IN_MS / 1000,
  };
}

export async function loadAdmin(deps: AppDeps, request: FastifyRequest): Promise<AuthAdmin | null> {
  const token = request.cookies[sessionCookieName(deps)];
  if (!token) return null;
  return loadAdminBySession(deps, hashToken(token));
}

/** The account behind a live session (by the stored hash of its id), or null when none or expired. */
export async function loadAdminBySession(deps: AppDeps, idHash: string): Promise<AuthAdmin | null> {
  const now = deps.clock.now();
  const account = await findSessionAccount(deps.db, idHash);
  if (!account) return null;
  const idleUntil = new Date(account.lastSeenAt).getTime() + SESSION_IDLE_MS;
  if (idleUntil <= now.getTime() || new Date(account.expiresAt).getTime() <= now.getTime()) return null;
  if (now.getTime() - new Date(account.lastSeenAt).getTime() > TOUCH_EVERY_MS) {
    await touchSession(deps.db, idHash, now.toISOString());
  }
  const twoFactorEnabled = account.twoFactorEnabledAt != null;
  return {
    id: account.adminId,
    username: account.username,
    name: account.name,
    email: account.email,
    role: account.role as Role,
    language: account.language === 'en' ? 'en' : 'pt',
    companyIds: account.companyIds,
    crewId: account.crewId,
    twoFactorEnabled,
    twoFactorSetupRequired: await isTwoFactorSetupRequired(deps, { role: account.role, twoFactorEnabled }),
    sessionHash: idHash,
  };
}
