// The citizen's side of issue 22 (decision 0034): the open requests already reported near a
// point, following one instead of filing a duplicate, and the unsubscribe link of every
// e-mail to a citizen. A follower's e-mail is stored and sent to, never answered or logged.
import type { Language } from '@acende/shared/enums';
import {
  FOLLOWERS_MAX,
  type FollowRequest,
  type FollowResponse,
  NEARBY_MAX,
  NEARBY_RADIUS_M,
  type NearbyQuery,
  type NearbyResponse,
  type UnsubscribeResponse,
} from '@acende/shared/schemas/followers';
import type { AppDeps } from '../../app-deps.ts';
import { verifyCaptchaOrThrow } from '../../core/captcha/captcha.service.ts';
import {
  countFollowers,
  deleteFollowerByTokenHash,
  findFollowable,
  giveUpWaitingEmails,
  insertFollower,
  setStatusEmailsOff,
} from '../../core/followers/followers.repository.ts';
import { findOpenNearby } from '../../core/followers/nearby.service.ts';
import { followerUnsubscribeToken, parseUnsubscribeToken } from '../../core/followers/unsubscribe-tokens.ts';
import { isEmailEnabled } from '../../core/outbox/email-settings.service.ts';
import { queueFollowConfirmation } from '../../core/outbox/outbox.service.ts';
import { dialectOf } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';

/** The e-mails an unsubscribe stops: a follower's, and the filer's status e-mails (not the filing's confirmation). */
const FOLLOWER_KINDS = ['follow_confirmation', 'follower_status'];
const FILER_STATUS_KINDS = ['status_update', 'request_transfer'];

const isOpen = (status: string) => status === 'open' || status === 'in_progress';

/** Open requests within 50 m of the point or on its pole: number, problem, status and age only. */
export async function getNearbyRequests(deps: AppDeps, query: NearbyQuery): Promise<NearbyResponse> {
  const found = await findOpenNearby(deps.db, {
    lat: query.lat,
    lng: query.lng,
    radius: NEARBY_RADIUS_M,
    poleId: query.pole ?? null,
    scope: null,
    max: NEARBY_MAX,
  });
  return {
    items: found.map(({ id, problemType, status, createdAt, distance, samePole }) => ({
      id,
      problemType,
      status,
      createdAt,
      distance,
      samePole,
    })),
  };
}

/**
 * Adds the e-mail as a follower of an open request (the same e-mail twice is one follower,
 * and gets the same answer), within FOLLOWERS_MAX, and tells it so by e-mail. The captcha
 * is the filing's: following makes the server write to an address a stranger typed.
 */
export async function followRequest(
  deps: AppDeps,
  requestId: number,
  input: FollowRequest,
  options: { language: Language; ip?: string },
): Promise<FollowResponse> {
  await verifyCaptchaOrThrow(deps, input.captchaToken, { ip: options.ip });
  const now = iso(deps.clock);
  const emailQueued = await deps.db.transaction().execute(async (trx) => {
    // PostgreSQL: the request's row is locked, so two follows at once count one after the other.
    const request =
      dialectOf(deps.db) === 'postgres'
        ? await trx
            .selectFrom('repairRequests')
            .select(['id', 'status', 'duplicateOfId', 'anonymizedAt'])
            .where('id', '=', requestId)
            .forUpdate()
            .executeTakeFirst()
        : await findFollowable(trx, requestId);
    if (!request) throw notFound('common.errors.requestNotFound');
    // Anonymised (a data subject's request, any status): retention never returns to it, so a
    // follower stored now would keep an e-mail for good.
    if (!isOpen(request.status) || request.anonymizedAt !== null) throw conflict('followers.errors.followClosed');
    if ((await countFollowers(trx, requestId)) >= FOLLOWERS_MAX) throw conflict('followers.errors.followersFull');
    const added = await insertFollower(trx, {
      requestId,
      email: input.email,
      language: options.language,
      unsubscribeTokenHash: hashToken(followerUnsubscribeToken(deps.config.APP_SECRET, requestId, input.email)),
      viaRequestId: null,
      createdAt: now,
    });
    // Following again sends nothing more: the first e-mail has the link already. The answer is
    // the same as a new follower's (whether e-mail is on), or it would tell a stranger who follows.
    return added
      ? queueFollowConfirmation(trx, deps, { requestId, email: input.email, language: options.language })
      : isEmailEnabled(trx);
  });
  return { following: true, emailQueued };
}

/**
 * The unsubscribe link, without signing in: a follower's token deletes the follower, the
 * filer's stops the request's status e-mails to them. An unknown token is a 404.
 */
export async function unsubscribe(deps: AppDeps, token: string): Promise<UnsubscribeResponse> {
  const parsed = parseUnsubscribeToken(deps.config.APP_SECRET, token);
  if (!parsed) throw new AppError('followers.errors.unsubscribeInvalid', 404);
  const now = iso(deps.clock);
  const requestId = await deps.db.transaction().execute(async (trx) => {
    if (parsed.kind === 'follower') {
      const follower = await deleteFollowerByTokenHash(trx, parsed.hash);
      if (!follower) return undefined;
      await giveUpWaitingEmails(trx, follower.requestId, FOLLOWER_KINDS, follower.email);
      return follower.requestId;
    }
    if (!(await setStatusEmailsOff(trx, parsed.requestId, now))) return undefined;
    await giveUpWaitingEmails(trx, parsed.requestId, FILER_STATUS_KINDS);
    return parsed.requestId;
  });
  if (requestId === undefined) throw new AppError('followers.errors.unsubscribeInvalid', 404);
  return { requestId };
}
