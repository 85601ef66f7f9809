// Forgotten passwords: a reset link by e-mail (random token, stored hashed, 1 hour,
// single use, the newest one only), at most 3 e-mails an hour per account, and an
// answer that never tells whether the account exists, in about the same time.
import { PASSWORD_RESET_TTL_MS } from '@acende/shared/constants';
import type { AppDeps } from '../../app-deps.ts';
import { AUDIT_USERNAME_MAX } from '../../core/audit/audit.actor.ts';
import { recordAudit } from '../../core/audit/audit.repository.ts';
import { isEmailEnabled } from '../../core/outbox/email-settings.service.ts';
import { countRecentEmails } from '../../core/outbox/outbox.repository.ts';
import { queuePasswordResetEmail } from '../../core/outbox/outbox.service.ts';
import { deleteSessionsOf } from '../../core/sessions.repository.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  findAccountByResetToken,
  findResettableAccount,
  replacePasswordWithToken,
  setResetToken,
} from './password-reset.repository.ts';

export const RESET_EMAILS_PER_HOUR = 3;
/** Every answer takes at least this long, so its timing does not tell whether the user exists. */
export const RESET_REQUEST_MIN_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issues a token and queues the e-mail when the account exists, has an e-mail and is under the hourly limit. */
export async function requestPasswordReset(deps: AppDeps, username: string, ip: string): Promise<void> {
  const started = performance.now();
  try {
    await issueResetToken(deps, username, ip);
  } finally {
    const elapsed = performance.now() - started;
    // A little jitter on top of the floor hides the small differences that remain.
    await sleep(Math.max(0, RESET_REQUEST_MIN_MS - elapsed) + Math.random() * 25);
  }
}

/**
 * Every request leaves one audit row (the name as typed, the account's id when it is one,
 * whether a link was sent), in the transaction that issues the token when one is issued.
 */
async function issueResetToken(deps: AppDeps, username: string, ip: string): Promise<void> {
  const account = await findResettableAccount(deps.db, username);
  const now = deps.clock.now();
  const actor = { id: account?.id ?? null, username: username.slice(0, AUDIT_USERNAME_MAX), ip };
  const audit = (db: typeof deps.db, sent: boolean) =>
    recordAudit(
      db,
      actor,
      {
        kind: 'auth.password.reset.request',
        objectType: account ? 'user' : null,
        objectId: account?.id ?? null,
        after: { sent },
      },
      now.toISOString(),
    );
  if (!account?.email) return audit(deps.db, false);
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (
      !(await isEmailEnabled(trx)) ||
      (await countRecentEmails(trx, account.id, 'password_reset', hourAgo)) >= RESET_EMAILS_PER_HOUR
    ) {
      return audit(trx, false);
    }
    const token = newToken();
    await setResetToken(
      trx,
      account.id,
      hashToken(token),
      new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
      now.toISOString(),
    );
    await queuePasswordResetEmail(trx, deps, { ...account, email: account.email as string }, token);
    await audit(trx, true);
  });
}

/** Sets the new password with a live token, spends the token and ends every session of the account. */
export async function completePasswordReset(
  deps: AppDeps,
  token: string,
  newPassword: string,
  ip: string,
): Promise<void> {
  const tokenHash = hashToken(token);
  const account = await findAccountByResetToken(deps.db, tokenHash);
  const now = deps.clock.now();
  const invalid = new AppError('admin-password-reset.passwordReset.invalidToken', 400);
  if (!account?.resetTokenExpiry || new Date(account.resetTokenExpiry).getTime() <= now.getTime()) throw invalid;
  const passwordHash = await hashPassword(newPassword);
  const done = await deps.db.transaction().execute(async (trx) => {
    const replaced = await replacePasswordWithToken(trx, account.id, tokenHash, passwordHash, iso(deps.clock));
    if (replaced) {
      await deleteSessionsOf(trx, account.id);
      await recordAudit(
        trx,
        { id: account.id, username: account.username, ip },
        { kind: 'auth.password.reset.complete', objectType: 'user', objectId: account.id },
        now.toISOString(),
      );
    }
    return replaced;
  });
  if (!done) throw invalid;
}
