// Browser notices written with the change that causes them (issue 36, decision 0063): one
// message per browser subscribed to the request, in the language it subscribed in, inside the
// updating transaction, only while push is on. The message's address is the subscription's id:
// the endpoint and keys stay in push_subscriptions, read when the worker sends.
import { ratingUrl, trackingUrl } from '@acende/shared/constants';
import type { RequestStatus } from '@acende/shared/enums';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { ratingToken } from '../ratings/rating-tokens.ts';
import { insertChannelMessage } from './channel-outbox.repository.ts';
import { pushStatusNotice } from './push.templates.ts';
import { isPushEnabled } from './push-settings.service.ts';
import { listSubscriptions } from './push-subscriptions.repository.ts';

/** Queues the status change's notice for each browser subscribed to the request; answers how many. */
export async function queueStatusPush(
  trx: Db,
  deps: AppDeps,
  requestId: number,
  change: { fromStatus: string | null; toStatus: RequestStatus },
): Promise<number> {
  if (change.fromStatus === change.toStatus) return 0;
  const subscriptions = await listSubscriptions(trx, requestId);
  if (subscriptions.length === 0 || !(await isPushEnabled(trx))) return 0;
  // Completion opens the rating page, as the SMS's link does; other changes the tracking page.
  const url =
    change.toStatus === 'completed'
      ? ratingUrl(deps.config.PUBLIC_URL, requestId, ratingToken(deps.config.APP_SECRET, requestId))
      : trackingUrl(deps.config.PUBLIC_URL, requestId);
  const createdAt = iso(deps.clock);
  for (const subscription of subscriptions) {
    const language = subscription.language === 'en' ? 'en' : 'pt';
    await insertChannelMessage(trx, {
      channel: 'push',
      kind: 'status_update',
      requestId,
      toAddress: String(subscription.id),
      body: JSON.stringify(pushStatusNotice(language, requestId, change.toStatus, url)),
      language,
      createdAt,
    });
  }
  return subscriptions.length;
}
