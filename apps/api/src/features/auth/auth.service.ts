// Signing in and out and changing one's own password: password checks at equal cost
// for unknown usernames, login throttling, a new session id at every sign-in and after
// a password change, stored hashed.

import { setTimeout as sleep } from 'node:timers/promises';
import type { AdminProfile, ChangePasswordInput, LoginInput } from '@acende/shared/schemas/auth';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { effectiveCaptcha } from '../../core/captcha/captcha.service.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  insertSession,
} from '../../core/sessions.repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  findAccountByUsername as findAccountRow,
  findCrewSignIn,
  findPasswordHash,
  findUsername,
  setPasswordHash,
} from './accounts.repository.ts';
import { LOGIN_SLOWDOWN_MS, LoginThrottledError, reserveLoginAttempt } from './login-throttle.ts';
import { loadAdminBySession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.service.ts';
import { type LinkOffered, offerSignInLink } from './sign-in-link.service.ts';
import { spendSignInLink } from './sign-in-links.repository.ts';
import { isTwoFactorEnabled } from './two-factor.codes.ts';
import { startPendingSignIn } from './two-factor.service.ts';

export interface ClientMeta {
  userAgent: string | null;
  ip: string;
}

export function toProfile(admin: Omit<AuthAdmin, 'sessionHash'>): AdminProfile {
  return {
    id: admin.id,
    username: admin.username,
    name: admin.name,
    email: admin.email,
    role: admin.role,
    language: admin.language,
    companyIds: admin.companyIds,
    crewId: admin.crewId,
    twoFactorEnabled: admin.twoFactorEnabled,
    twoFactorSetupRequired: admin.twoFactorSetupRequired,
  };
}

export function findAccountByUsername(deps: AppDeps, username: string) {
  return findAccountRow(deps.db, username.trim().toLowerCase());
}

/** Checks the credentials; answers the same error, at about the same cost, for an unknown user and a wrong password. */
export async function verifyCredentials(deps: AppDeps, username: string, password: string) {
  const account = await findAccountByUsername(deps, username);
  deps.metrics.passwordChecked();
  const ok = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!account || !ok) throw new AppError('common.errors.invalidCredentials', 401);
  // A crew account with the right password is told why it may not come in (decision 0068).
  if (account.role === 'crew') await refuseSwitchedOffCrew(deps, account.id);
  if (account.active !== 1) throw new AppError('common.errors.invalidCredentials', 401);
  return account;
}

/**
 * A crew account signs in only while it and its crew are both on (decision 0068); its live
 * sessions stop at once too (core/sessions.repository.ts). Other roles pass untouched.
 */
async function refuseSwitchedOffCrew(deps: AppDeps, adminId: number): Promise<void> {
  const account = await findCrewSignIn(deps.db, adminId);
  if (account?.role !== 'crew') return;
  if (account.active !== 1) throw new AppError('field-work.errors.accountInactive', 403);
  if (account.crewActive !== 1) throw new AppError('field-work.errors.crewInactive', 403);
}

/**
 * Signs in: the attempt is counted before the password is checked (login-throttle.ts), so
 * no number of concurrent attempts gets more checks than the limits allow; a failure of
 * any kind counts the same. An account under attack is slowed down while no captcha is in
 * force (with one, the route has already checked a solved captcha); past its budget no
 * password is checked at all and the answer offers an e-mailed link (decision 0042).
 */
export async function logIn(
  deps: AppDeps,
  input: Pick<LoginInput, 'username' | 'password'>,
  meta: ClientMeta,
): Promise<SignedIn | { pendingToken: string } | LinkOffered> {
  const attempt = await reserveLoginAttempt(deps, input.username, meta.ip);
  if (attempt.overBudget) {
    await attempt.release();
    return offerSignInLink(deps, input.username, meta.ip);
  }
  if (attempt.accountUnderAttack && !(await effectiveCaptcha(deps)).enabled) await sleep(LOGIN_SLOWDOWN_MS);
  const account = await verifyCredentials(deps, input.username, input.password);
  return passedPassword(
    deps,
    account.id,
    meta,
    () => attempt.passedFirstStep(),
    () => attempt.succeeded(),
  );
}

/**
 * After a right password or a spent sign-in link: with a second factor on, no session yet
 * (the code step, two-factor.service.ts, comes first, and the failures counted so far stay
 * until it passes: a right password does not wipe the count the code step is limited by).
 */
async function passedPassword(
  deps: AppDeps,
  adminId: number,
  meta: ClientMeta,
  firstStep: () => Promise<void>,
  succeeded: () => Promise<void>,
): Promise<SignedIn | { pendingToken: string }> {
  await refuseSwitchedOffCrew(deps, adminId);
  if (await isTwoFactorEnabled(deps.db, adminId)) {
    await firstStep();
    return { pendingToken: await startPendingSignIn(deps, adminId) };
  }
  await succeeded();
  return completeSignIn(deps, adminId, meta);
}

/** Signs in with an e-mailed link (decision 0042): spent once, while live, for an active account. */
export async function signInWithLink(
  deps: AppDeps,
  token: string,
  meta: ClientMeta,
): Promise<SignedIn | { pendingToken: string }> {
  const adminId = await spendSignInLink(deps.db, hashToken(token), deps.clock.now().toISOString());
  if (adminId === undefined) throw new AppError('admin-password-reset.signInLink.invalid', 400);
  const nothing = async () => {};
  return passedPassword(deps, adminId, meta, nothing, nothing);
}

export interface SignedIn {
  token: string;
  admin: AuthAdmin;
}

/**
 * Opens the session of an account whose credentials (and second factor, when on) have
 * been checked: the one place a sign-in ends, after the password or after the code.
 */
export async function completeSignIn(deps: AppDeps, adminId: number, meta: Partial<ClientMeta>): Promise<SignedIn> {
  // The crew may have been switched off between the password and the code.
  await refuseSwitchedOffCrew(deps, adminId);
  // Sign-ins are rare enough to carry the sweep of sessions nobody can use any more.
  const now = deps.clock.now();
  await deleteExpiredSessions(deps.db, new Date(now.getTime() - SESSION_IDLE_MS).toISOString(), now.toISOString());
  // The session and its `auth.login` audit row are stored together (decision 0028).
  const token = await deps.db.transaction().execute(async (trx) => {
    const started = await startSession(deps, adminId, meta, trx);
    const actor = { id: adminId, username: (await findUsername(trx, adminId)) ?? null, ip: meta.ip ?? null };
    await recordAudit(trx, actor, { kind: 'auth.login', objectType: 'user', objectId: adminId }, now.toISOString());
    return started;
  });
  const admin = await loadAdminBySession(deps, hashToken(token));
  if (!admin) throw new AppError('common.errors.invalidCredentials', 401);
  return { token, admin };
}

export async function startSession(
  deps: AppDeps,
  adminId: number,
  meta: Partial<ClientMeta>,
  db: Db | Trx = deps.db,
): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await insertSession(db, {
    idHash: hashToken(token),
    adminId,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return token;
}

export async function endSession(deps: AppDeps, sessionHash: string): Promise<void> {
  await deleteSession(deps.db, sessionHash);
}

/** Signs out: the session ends with its audit row. */
export async function signOut(deps: AppDeps, admin: AuthAdmin, actor: AuditActor): Promise<void> {
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await deleteSession(trx, admin.sessionHash);
    await recordAudit(trx, actor, { kind: 'auth.logout', objectType: 'user', objectId: admin.id }, now);
  });
}

/**
 * Ends every session of the account and, for the caller, opens a fresh one: after a
 * password change an old cookie (perhaps the reason for the change) is worthless.
 */
export async function restartSessions(deps: AppDeps, adminId: number, meta: Partial<ClientMeta>): Promise<string> {
  await deleteSessionsOf(deps.db, adminId);
  return startSession(deps, adminId, meta);
}

/**
 * Changes the signed-in account's own password. The current-password check is counted
 * as a sign-in attempt before it runs, so a stolen session cannot be used to guess it
 * quickly, however many requests it sends at once.
 */
export async function changeOwnPassword(
  deps: AppDeps,
  admin: AuthAdmin,
  input: ChangePasswordInput,
  meta: ClientMeta,
  actor: AuditActor,
): Promise<string> {
  const attempt = await reserveLoginAttempt(deps, admin.username, meta.ip);
  // Past the account's budget no password is checked here either (decision 0042).
  if (attempt.overBudget) {
    await attempt.release();
    throw new LoginThrottledError(attempt.accountRetryAfterSeconds);
  }
  const current = await findPasswordHash(deps.db, admin.id);
  deps.metrics.passwordChecked();
  if (!current || !(await verifyPassword(current, input.currentPassword))) {
    throw new AppError('admin-access.errors.currentPasswordIncorrect', 400, undefined, {
      currentPassword: 'admin-access.errors.currentPasswordIncorrect',
    });
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, admin.id, passwordHash, now);
    await recordAudit(trx, actor, { kind: 'auth.password.change', objectType: 'user', objectId: admin.id }, now);
  });
  return restartSessions(deps, admin.id, meta);
}
