// A citizen's rating of a completed repair (issue 35, decision 0050): with the tracking link's
// token or the completion e-mail's rating token, once per request (the database keeps one when
// two arrive together), a score 1–5 and an optional comment only operators read; an audit row.
import type { RateRepairRequest } from '@acende/shared/schemas/ratings';
import type { PublicRepairRequest } from '@acende/shared/schemas/repair-requests';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../../core/audit/audit.repository.ts';
import { ratingTokenMatches } from '../../core/ratings/rating-tokens.ts';
import { insertRating } from '../../core/ratings/ratings.repository.ts';
import { queueRatingWebhook } from '../../core/webhooks/webhook-queue.ts';
import { multiLine } from '../../lib/control-chars.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { tokenMatches } from '../../lib/tokens.ts';
import { findRequestForRating } from './rating.repository.ts';
import { getPublicRepairRequest } from './repair-requests.service.ts';

export async function rateRepairRequest(
  deps: AppDeps,
  id: number,
  input: RateRepairRequest,
  client: { ip: string },
): Promise<PublicRepairRequest> {
  const at = deps.clock.now().toISOString();
  // Control characters go before storing (decision 0043); line breaks stay.
  const comment = input.comment ? multiLine(input.comment).trim() || null : null;
  await deps.db.transaction().execute(async (trx) => {
    const row = await findRequestForRating(trx, id);
    if (!row) throw notFound('common.errors.requestNotFound');
    // The number alone proves nothing (decision 0002 §8): the tracking link or the e-mail's rating link.
    if (
      !tokenMatches(input.token, row.trackingTokenHash) &&
      !ratingTokenMatches(deps.config.APP_SECRET, id, input.token)
    )
      throw forbidden('public-drafts.errors.ratingNeedsLink');
    if (row.status !== 'completed') throw conflict('public-drafts.errors.ratingNotCompleted');
    // Anonymised: a new comment would be personal data retention never returns to.
    if (row.anonymizedAt !== null) throw conflict('public-drafts.errors.ratingClosed');
    if (!(await insertRating(trx, { requestId: id, score: input.score, comment, createdAt: at })))
      throw conflict('public-drafts.errors.ratingAlreadyGiven');
    // The company's webhooks hear the score, never the comment (decision 0065).
    await queueRatingWebhook(trx, { requestId: id, score: input.score, at });
    // The score, not the comment: the audit log outlives retention, which clears the comment.
    await recordAudit(
      trx,
      { id: null, username: null, ip: client.ip },
      {
        kind: 'request.rating',
        objectType: 'request',
        objectId: id,
        after: { score: input.score, comment: comment !== null },
      },
      at,
    );
  });
  return getPublicRepairRequest(deps, id, input.token);
}
