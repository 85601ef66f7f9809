// SMS notices written with the change that causes them (issue 36): the confirmation inside the
// filing's transaction (hot path), each status change inside the updating transaction. Only
// to a filer who asked for them at filing (`sms_to`), while SMS is on, and never to a number
// that replied SAIR/STOP.
import { ratingUrl, trackingUrl } from '@acende/shared/constants';
import type { Language, RequestStatus } from '@acende/shared/enums';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { ratingToken } from '../ratings/rating-tokens.ts';
import { insertChannelMessage, isStopped, type NewChannelMessage } from './channel-outbox.repository.ts';
import { smsConfirmation, smsStatusUpdate } from './sms.templates.ts';
import { isSmsEnabled } from './sms-settings.service.ts';

const asLanguage = (value: string | null | undefined): Language => (value === 'en' ? 'en' : 'pt');

/** The confirmation SMS of a new request, for the filing's transaction to write. */
export function smsConfirmationMessage(
  deps: AppDeps,
  request: { id: number; smsTo: string; language: string },
): NewChannelMessage {
  const language = asLanguage(request.language);
  return {
    channel: 'sms',
    kind: 'request_confirmation',
    requestId: request.id,
    toAddress: request.smsTo,
    body: smsConfirmation(language, request.id, trackingUrl(deps.config.PUBLIC_URL, request.id)),
    language,
    createdAt: iso(deps.clock),
  };
}

/** Whether a filing that asks for SMS to `smsTo` gets them: SMS on and the number not stopped. */
export async function smsAcceptedFor(db: Db, smsTo: string): Promise<boolean> {
  return (await isSmsEnabled(db)) && !(await isStopped(db, 'sms', smsTo));
}

/**
 * Queues the status change's SMS in the caller's transaction when the filer asked for SMS,
 * SMS is on and the number did not stop them. Completion carries the rating link. Answers
 * whether one was queued.
 */
export async function queueStatusSms(
  trx: Db,
  deps: AppDeps,
  requestId: number,
  change: { fromStatus: string | null; toStatus: RequestStatus },
): Promise<boolean> {
  if (change.fromStatus === change.toStatus) return false;
  const request = await trx
    .selectFrom('repairRequests')
    .select(['smsTo', 'language'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!request?.smsTo || !(await smsAcceptedFor(trx, request.smsTo))) return false;
  const language = asLanguage(request.language);
  const url =
    change.toStatus === 'completed'
      ? ratingUrl(deps.config.PUBLIC_URL, requestId, ratingToken(deps.config.APP_SECRET, requestId))
      : trackingUrl(deps.config.PUBLIC_URL, requestId);
  await insertChannelMessage(trx, {
    channel: 'sms',
    kind: 'status_update',
    requestId,
    toAddress: request.smsTo,
    body: smsStatusUpdate(language, requestId, change.toStatus, url),
    language,
    createdAt: iso(deps.clock),
  });
  return true;
}
