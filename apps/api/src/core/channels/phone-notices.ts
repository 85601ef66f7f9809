// The notices of the phone channels (SMS, WhatsApp; issue 36), written with the change that
// causes them: the confirmation inside the filing's transaction (hot path), each status change
// inside the updating transaction. Only to a filer who asked for that channel at filing (the
// number kept in `sms_to` / `whatsapp_to`), while the channel is on, and never to a number that
// stopped it (SAIR/STOP, the stop button).
import { ratingUrl, trackingUrl } from '@acende/shared/constants';
import type { Language, RequestStatus } from '@acende/shared/enums';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { ratingToken } from '../ratings/rating-tokens.ts';
import { insertChannelMessage, isStopped, type NewChannelMessage } from './channel-outbox.repository.ts';
import { smsConfirmation, smsStatusUpdate } from './sms.templates.ts';
import { isSmsEnabled } from './sms-settings.service.ts';
import { whatsappNotice } from './whatsapp.templates.ts';
import { isWhatsappEnabled } from './whatsapp-settings.service.ts';

export type PhoneChannel = 'sms' | 'whatsapp';

interface PhoneChannelSpec {
  /** The request's column holding the number its filer asked this channel at. */
  column: 'smsTo' | 'whatsappTo';
  enabled(db: Db): Promise<boolean>;
  /** What the outbox keeps until sending: SMS's text, WhatsApp's template message (JSON). */
  body(language: Language, kind: 'request_confirmation' | RequestStatus, id: number, url: string): string;
}

const SPECS: Record<PhoneChannel, PhoneChannelSpec> = {
  sms: {
    column: 'smsTo',
    enabled: isSmsEnabled,
    body: (language, kind, id, url) =>
      kind === 'request_confirmation' ? smsConfirmation(language, id, url) : smsStatusUpdate(language, id, kind, url),
  },
  whatsapp: {
    column: 'whatsappTo',
    enabled: isWhatsappEnabled,
    body: (language, kind, id, url) => JSON.stringify(whatsappNotice(language, kind, id, url)),
  },
};

const asLanguage = (value: string | null | undefined): Language => (value === 'en' ? 'en' : 'pt');

/** Whether a filing that asks for `channel` at `number` gets it: the channel on and the number not stopped. */
export async function phoneChannelAccepts(db: Db, channel: PhoneChannel, number: string): Promise<boolean> {
  return (await SPECS[channel].enabled(db)) && !(await isStopped(db, channel, number));
}

/** The confirmation of a new request on `channel`, for the filing's transaction to write. */
export function phoneConfirmationMessage(
  deps: AppDeps,
  channel: PhoneChannel,
  request: { id: number; to: string; language: string },
): NewChannelMessage {
  const language = asLanguage(request.language);
  const url = trackingUrl(deps.config.PUBLIC_URL, request.id);
  return {
    channel,
    kind: 'request_confirmation',
    requestId: request.id,
    toAddress: request.to,
    body: SPECS[channel].body(language, 'request_confirmation', request.id, url),
    language,
    createdAt: iso(deps.clock),
  };
}

/**
 * Queues the status change's notice on `channel` in the caller's transaction, when the filer
 * asked for it, the channel is on and the number did not stop it. Completion carries the
 * rating link, every other change the tracking page. Answers whether one was queued.
 */
export async function queueStatusPhoneNotice(
  trx: Db,
  deps: AppDeps,
  channel: PhoneChannel,
  requestId: number,
  change: { fromStatus: string | null; toStatus: RequestStatus },
): Promise<boolean> {
  const spec = SPECS[channel];
  // The channel off (the usual case): no read of the request at all.
  if (change.fromStatus === change.toStatus || !(await spec.enabled(trx))) return false;
  const request = await trx
    .selectFrom('repairRequests')
    .select([spec.column, 'language'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  const to = request?.[spec.column];
  if (!request || !to || (await isStopped(trx, channel, to))) return false;
  const language = asLanguage(request.language);
  const url =
    change.toStatus === 'completed'
      ? ratingUrl(deps.config.PUBLIC_URL, requestId, ratingToken(deps.config.APP_SECRET, requestId))
      : trackingUrl(deps.config.PUBLIC_URL, requestId);
  await insertChannelMessage(trx, {
    channel,
    kind: 'status_update',
    requestId,
    toAddress: to,
    body: spec.body(language, change.toStatus, requestId, url),
    language,
    createdAt: iso(deps.clock),
  });
  return true;
}
