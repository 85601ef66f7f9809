// A citizen's browser subscribing to a request's notices (decision 0063), with the request's
// tracking token as the photo upload takes it; unsubscribing; and the admin's test notice to
// their own browser, sent at once and audited.
import type { Language } from '@acende/shared/enums';
import { PUSH_MAX_SUBSCRIPTIONS_PER_REQUEST, type PushSubscriptionInput } from '@acende/shared/schemas/push';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { ChannelSendError } from '../../core/channels/channel-send-error.ts';
import { CHANNEL_SEND_TIMEOUT_MS } from '../../core/channels/channel-worker.ts';
import { pushTestNotice } from '../../core/channels/push.templates.ts';
import { isPushEnabled, readVapidKeys } from '../../core/channels/push-settings.service.ts';
import { addSubscription, removeSubscription } from '../../core/channels/push-subscriptions.repository.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { tokenMatches } from '../../lib/tokens.ts';
import { isAcceptedPushEndpoint, isPushKey } from './push-hosts.ts';
import { sendWebPush } from './web-push-sender.ts';

const keysRefused = () =>
  new AppError('public-push.validation.keys', 400, undefined, { keys: 'public-push.validation.keys' });
const serviceRefused = () =>
  new AppError('public-push.errors.service', 400, undefined, { endpoint: 'public-push.errors.service' });

/** The request, when `token` is its tracking token; 404 or 403 otherwise. */
async function requestWithToken(deps: AppDeps, requestId: number, token: string | undefined) {
  const target = await deps.db
    .selectFrom('repairRequests')
    .select(['trackingTokenHash', 'anonymizedAt'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!target) throw notFound('common.errors.requestNotFound');
  if (!tokenMatches(token, target.trackingTokenHash)) throw new AppError('public-push.errors.badToken', 403);
  return target;
}

/**
 * Subscribes the browser to the request's notices, in `language`. The same browser again
 * changes nothing (its keys and language are renewed); past PUSH_MAX_SUBSCRIPTIONS_PER_REQUEST
 * browsers, 409. Answers whether it was new.
 */
export async function subscribePush(
  deps: AppDeps,
  requestId: number,
  token: string | undefined,
  subscription: PushSubscriptionInput,
  language: Language,
): Promise<boolean> {
  const target = await requestWithToken(deps, requestId, token);
  // An anonymised request keeps nothing that reaches its filer (decision 0027).
  if (target.anonymizedAt !== null) throw new AppError('public-push.errors.closed', 409);
  if (!(await isPushEnabled(deps.db))) throw new AppError('public-push.errors.off', 409);
  if (!isAcceptedPushEndpoint(subscription.endpoint, deps.config.PUSH_EXTRA_HOSTS)) throw serviceRefused();
  if (!isPushKey(subscription.keys.p256dh)) throw keysRefused();
  const outcome = await addSubscription(
    deps.db,
    {
      requestId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      language,
      createdAt: iso(deps.clock),
    },
    PUSH_MAX_SUBSCRIPTIONS_PER_REQUEST,
  );
  if (outcome === 'full') {
    throw new AppError('public-push.errors.tooMany', 409, { max: PUSH_MAX_SUBSCRIPTIONS_PER_REQUEST });
  }
  return outcome === 'created';
}

/** The browser stops the request's notices; one not subscribed is no error. */
export async function unsubscribePush(
  deps: AppDeps,
  requestId: number,
  token: string | undefined,
  endpoint: string,
): Promise<void> {
  await requestWithToken(deps, requestId, token);
  await removeSubscription(deps.db, requestId, endpoint);
}

/** A test notice to the admin's own browser, at once (not through the outbox); a refusal answers 422 with the push service's reason. */
export async function sendTestPush(
  deps: AppDeps,
  subscription: PushSubscriptionInput,
  language: Language,
  actor: AuditActor,
): Promise<void> {
  if (!isAcceptedPushEndpoint(subscription.endpoint, deps.config.PUSH_EXTRA_HOSTS)) throw serviceRefused();
  if (!isPushKey(subscription.keys.p256dh)) throw keysRefused();
  if (!isPushKey(subscription.keys.p256dh)) throw keysRefused();
  const keys = await readVapidKeys(deps);
  const notice = pushTestNotice(language, `${deps.config.PUBLIC_URL}/`);
  try {
    await sendWebPush(keys, { endpoint: subscription.endpoint, ...subscription.keys }, JSON.stringify(notice), {
      timeoutMs: CHANNEL_SEND_TIMEOUT_MS,
      now: () => deps.clock.now().getTime(),
      caFile: deps.config.TEST_PUSH_CA_FILE,
    });
  } catch (error) {
    const detail = error instanceof ChannelSendError ? error.message : 'unknown error';
    throw new AppError('admin-settings.push.testFailed', 422, { detail });
  }
  await recordAudit(
    deps.db,
    actor,
    {
      kind: 'settings.push.test_send',
      objectType: 'settings',
      objectId: 'push',
      // The push service, not the browser's address (which names the browser).
      after: { service: new URL(subscription.endpoint).host, language },
    },
    iso(deps.clock),
  );
}
