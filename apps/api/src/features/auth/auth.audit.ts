// The audit rows of signing in and out (issue 24), in one place: the sign-in route calls
// auditSignIn where the session starts and where the credentials are refused.
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { typedActor } from '../audit/audit.actor.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findAccountByUsername } from './auth.service.ts';

/**
 * `auth.login` for a session started, `auth.login.failed` for refused credentials (wrong
 * password, unknown or inactive account; a throttled attempt is not checked, not written), with the name as typed (truncated) and
 * the account's id when the name is one. Other failures (a captcha, a malformed body) write nothing.
 */
export async function auditSignIn(
  deps: AppDeps,
  request: FastifyRequest,
  typed: string,
  outcome: { account: { id: number; username: string } } | { error: unknown },
): Promise<void> {
  const now = deps.clock.now().toISOString();
  if ('account' in outcome) {
    const actor = { id: outcome.account.id, username: outcome.account.username, ip: request.ip };
    await recordAudit(deps.db, actor, { kind: 'auth.login', objectType: 'user', objectId: outcome.account.id }, now);
    return;
  }
  // Only a password that was checked and refused: a throttled attempt checked nothing, and
  // auditing each would let a stranger flood the log with a loop of refused requests.
  if (!(outcome.error instanceof AppError && outcome.error.status === 401)) return;
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
