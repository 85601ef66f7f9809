// The audit row of a refused sign-in (issue 24): the sign-in route calls auditSignIn where
// the credentials are refused; a sign-in's own row is written with its session.
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typedActor } from '../../core/audit/audit.actor.ts';
import { recordAudit } from '../../core/audit/audit.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { findAccountByUsername } from './auth.service.ts';

/**
 * `auth.login.failed` for refused credentials (wrong password, unknown or inactive account;
 * a throttled attempt is not checked, not written), with the name as typed (truncated) and
 * the account's id when the name is one. Other failures (a captcha, a malformed body) write
 * nothing. `auth.login` is written with the session itself (completeSignIn).
 */
export async function auditSignIn(
  deps: AppDeps,
  request: FastifyRequest,
  typed: string,
  error: unknown,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  // Only a password that was checked and refused: a throttled attempt checked nothing, and
  // auditing each would let a stranger flood the log with a loop of refused requests.
  if (!(error instanceof AppError && error.status === 401)) return;
  const account = await findAccountByUsername(deps, typed);
  await recordAudit(
    deps.db,
    typedActor(request, account?.id ?? null, typed),
    {
      kind: 'auth.login.failed',
      objectType: account ? 'user' : null,
      objectId: account?.id ?? null,
      after: { reason: 'credentials' },
    },
    now,
  );
}
