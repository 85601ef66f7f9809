// Browser notices through the channels' worker (core/channels/channel-worker.ts, decision
// 0063): claimed with a lease, sent with web-push, a 429's Retry-After waited, other failures
// retried with e-mail's backoff and given up 24 h after they were written. No quiet hours and
// no daily cap: the browser and the device's system decide when a notice shows. A subscription
// the push service calls gone (404/410) is deleted, and its waiting notices are given up.
import type { AppDeps } from '../../app-deps.ts';
import { ChannelSendError } from '../../core/channels/channel-send-error.ts';
import {
  type ChannelRoundResult,
  type ChannelSpec,
  processChannelOnce,
  startChannelWorker,
} from '../../core/channels/channel-worker.ts';
import { isPushEnabled, readVapidKeys } from '../../core/channels/push-settings.service.ts';
import { dropGoneSubscription, findSubscription } from '../../core/channels/push-subscriptions.repository.ts';
import { isAcceptedPushEndpoint } from './push-hosts.ts';
import { sendWebPush } from './web-push-sender.ts';

export const PUSH_PROVIDER = 'web-push';

const pushChannel: ChannelSpec = {
  channel: 'push',
  quietHours: false,
  async sender(deps) {
    if (!(await isPushEnabled(deps.db))) return null;
    const keys = await readVapidKeys(deps);
    return {
      provider: PUSH_PROVIDER,
      dailyCap: null,
      async send(to, body, options) {
        const subscription = await findSubscription(deps.db, Number(to));
        // Unsubscribed (or its request anonymised) since the notice was written.
        if (!subscription) throw new ChannelSendError('subscription removed', null, true, null, true);
        // A push service no longer accepted (PUSH_EXTRA_HOSTS changed since it subscribed): never called.
        if (!isAcceptedPushEndpoint(subscription.endpoint, deps.config.PUSH_EXTRA_HOSTS)) {
          throw new ChannelSendError('push service no longer accepted', null, true, null, true);
        }
        return sendWebPush(keys, subscription, body, { ...options, caFile: deps.config.TEST_PUSH_CA_FILE });
      },
    };
  },
  // 404/410: not a stop the citizen asked for, but a browser that is no longer there.
  onStopped: (deps, row) => dropGoneSubscription(deps.db, Number(row.toAddress), 'subscription gone'),
};

/** One round: sends every due browser notice it can claim. Does nothing while push is off. */
export function processPushOnce(deps: AppDeps): Promise<ChannelRoundResult> {
  return processChannelOnce(deps, pushChannel);
}

export function startPushWorker(deps: AppDeps, options: { intervalMs?: number; onError?: (error: unknown) => void }) {
  return startChannelWorker(deps, pushChannel, options);
}
