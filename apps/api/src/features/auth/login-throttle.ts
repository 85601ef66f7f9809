// Login throttling kept in the database (login_failures) so every instance sees the
// same counts: 5 failures for one username, or 20 from one client address, within
// 15 minutes refuse further attempts with 429 and Retry-After until the oldest of
// those failures leaves the window.
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import {
  deleteFailuresOfUsername,
  deleteOldFailures,
  insertLoginFailure,
  recentFailures,
} from './login-failures.repository.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_USERNAME = 5;
// Per client address the limit is the LOGIN_MAX_FAILURES_PER_IP setting (default 20): higher
// than per username so that colleagues behind one office address do not lock each other out.

export class LoginThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('errors.loginThrottled', 429, { seconds: retryAfterSeconds });
  }
}

const normalise = (username: string) => username.trim().toLowerCase().slice(0, 64);

async function secondsUntilAllowed(deps: AppDeps, key: 'username' | 'ip', value: string, max: number) {
  const now = deps.clock.now().getTime();
  const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
  const failures = await recentFailures(deps.db, key, value, since, max);
  if (failures.length < max) return 0;
  const oldest = new Date(failures[failures.length - 1] as string).getTime();
  return Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - now) / 1000));
}

/** Throws LoginThrottledError when this username or this client has failed too often. */
export async function assertLoginAllowed(deps: AppDeps, username: string, ip: string): Promise<void> {
  const wait = Math.max(
    await secondsUntilAllowed(deps, 'username', normalise(username), LOGIN_MAX_FAILURES_PER_USERNAME),
    await secondsUntilAllowed(deps, 'ip', ip, deps.config.LOGIN_MAX_FAILURES_PER_IP),
  );
  if (wait > 0) throw new LoginThrottledError(wait);
}

export async function recordLoginFailure(deps: AppDeps, username: string, ip: string): Promise<void> {
  const now = deps.clock.now();
  const name = normalise(username);
  await insertLoginFailure(deps.db, { username: name, ip, createdAt: now.toISOString() });
  await deleteOldFailures(deps.db, name, ip, new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString());
}

/** A successful sign-in forgives that username's earlier failures (the client's count stays). */
export async function clearLoginFailures(deps: AppDeps, username: string): Promise<void> {
  await deleteFailuresOfUsername(deps.db, normalise(username));
}
