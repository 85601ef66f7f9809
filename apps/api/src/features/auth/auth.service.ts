// Signing in and out: password check at equal cost for unknown usernames, a new
// session id at every sign-in, stored hashed.
import type { AdminProfile } from '@acende/shared/schemas/auth';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { type AuthAdmin, SESSION_ABSOLUTE_MS } from '../../plugins/auth.ts';
import { deleteSession, insertSession } from './sessions.repository.ts';

export function toProfile(admin: Omit<AuthAdmin, 'sessionHash'>): AdminProfile {
  return {
    id: admin.id,
    username: admin.username,
    name: admin.name,
    email: admin.email,
    role: admin.role,
    language: admin.language,
    companyIds: admin.companyIds,
  };
}

export async function findAccountByUsername(deps: AppDeps, username: string) {
  return deps.db
    .selectFrom('admins')
    .select(['id', 'username', 'name', 'email', 'role', 'language', 'passwordHash', 'active'])
    .where('username', '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

/** Checks the credentials; answers the same error, at about the same cost, for an unknown user and a wrong password. */
export async function verifyCredentials(deps: AppDeps, username: string, password: string) {
  const account = await findAccountByUsername(deps, username);
  const ok = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!account || !ok || account.active !== 1) throw new AppError('errors.invalidCredentials', 401);
  return account;
}

export async function startSession(
  deps: AppDeps,
  adminId: number,
  meta: { userAgent: string | null; ip: string | null },
): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await insertSession(deps.db, {
    idHash: hashToken(token),
    adminId,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip,
  });
  return token;
}

export async function endSession(deps: AppDeps, sessionHash: string): Promise<void> {
  await deleteSession(deps.db, sessionHash);
}
