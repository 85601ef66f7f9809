// "Still broken" from the tracking page (issue 22, decision 0035): with the tracking link's
// token, within REOPEN_WINDOW_DAYS of completion, a completed request goes back to open with a
// 'reopened' event carrying the citizen's note, an audit row and the status e-mail, together.
import { REOPEN_WINDOW_DAYS } from '@acende/shared/constants';
import type { PublicRepairRequest, ReopenRepairRequest } from '@acende/shared/schemas/repair-requests';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../../core/audit/audit.repository.ts';
import { restartDeadline } from '../../core/deadlines.ts';
import { queueStatusUpdateEmail } from '../../core/outbox/outbox.service.ts';
import { queueRequestEventWebhooks } from '../../core/webhooks/webhook-queue.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { tokenMatches } from '../../lib/tokens.ts';
import { findRequestForReopen, insertReopenedEvent, reopenIfStillCompleted } from './reopen.repository.ts';
import { getPublicRepairRequest } from './repair-requests.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a request completed at `closedAt` may still be reopened at `now`. */
export function withinReopenWindow(closedAt: string, now: Date): boolean {
  const closed = Date.parse(closedAt);
  return !Number.isNaN(closed) && now.getTime() - closed <= REOPEN_WINDOW_DAYS * DAY_MS;
}

export async function reopenRepairRequest(
  deps: AppDeps,
  id: number,
  input: ReopenRepairRequest,
  client: { ip: string },
): Promise<PublicRepairRequest> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await findRequestForReopen(trx, id);
    if (!row) throw notFound('common.errors.requestNotFound');
    // Without the tracking link there is no reopen: the number alone proves nothing (decision 0002 §8).
    if (!tokenMatches(input.token, row.trackingTokenHash)) throw forbidden('public-drafts.errors.reopenNeedsLink');
    if (row.status !== 'completed' || !row.closedAt) throw conflict('public-drafts.errors.reopenNotCompleted');
    // Anonymised (a data subject's request): its link reopens nothing, as past the window; a
    // new note there would be personal data retention never returns to.
    if (row.anonymizedAt !== null || !withinReopenWindow(row.closedAt, now)) {
      throw new AppError('public-drafts.errors.reopenExpired', 409, { days: REOPEN_WINDOW_DAYS });
    }
    // Always later than the last change, so an operator's form read before it is caught as stale.
    const at = new Date(Math.max(now.getTime(), Date.parse(row.updatedAt) + 1)).toISOString();
    // A reopen that lost the race to another (or to an operator's change) finds it no longer completed.
    if (!(await reopenIfStillCompleted(trx, id, row.closedAt, at)))
      throw conflict('public-drafts.errors.reopenNotCompleted');
    await insertReopenedEvent(trx, {
      requestId: id,
      assignedToId: row.assignedToId,
      assignedTo: row.assignedTo,
      note: input.note,
      at,
    });
    // The company's webhooks: a citizen's reopening, without their note (decision 0065).
    await queueRequestEventWebhooks(trx, {
      requestId: id,
      kind: 'reopened',
      actorId: null,
      actorKind: 'citizen',
      fromStatus: 'completed',
      toStatus: 'open',
      notes: null,
      createdAt: at,
    });
    await recordAudit(
      trx,
      { id: null, username: null, ip: client.ip },
      {
        kind: 'request.reopen',
        objectType: 'request',
        objectId: id,
        before: { status: 'completed', closedAt: row.closedAt },
        after: { status: 'open', closedAt: null, note: input.note },
      },
      at,
    );
    // The citizen holds the token here, so the e-mail's link can carry it; followers are told through it too.
    await queueStatusUpdateEmail(
      trx,
      deps,
      { id, name: row.name, email: row.email, language: row.language },
      { fromStatus: 'completed', toStatus: 'open', notes: input.note, trackingToken: input.token },
    );
    // The repair clock starts again from the reopening (decision 0029).
    await restartDeadline(trx, id, at);
  });
  return getPublicRepairRequest(deps, id, input.token);
}
