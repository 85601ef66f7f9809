// The admin's test message, Meta's webhook handshake, and the replies it forwards: SAIR/STOP
// typed or the template's stop button stops a number's WhatsApp notices (its messages still
// waiting are not sent), VOLTAR/START brings them back. A POST without the app secret's
// signature changes nothing and is answered 403.
import { timingSafeEqual } from 'node:crypto';
import type { Language } from '@acende/shared/enums';
import { brazilianMobile } from '@acende/shared/sms-number';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { startAddress, stopAddress } from '../../core/channels/channel-outbox.repository.ts';
import { ChannelSendError } from '../../core/channels/channel-send-error.ts';
import { CHANNEL_SEND_TIMEOUT_MS } from '../../core/channels/channel-worker.ts';
import { isStartReply, isStopReply } from '../../core/channels/sms.templates.ts';
import { whatsappNotice } from '../../core/channels/whatsapp.templates.ts';
import { readWhatsappSendSettings, whatsappVerifyToken } from '../../core/channels/whatsapp-settings.service.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isMetaSignature, sendWhatsappTemplate, whatsappInbound, whatsappNumber } from './meta-cloud.ts';

/** Sends the confirmation template, as a test, with the saved settings at once; a refusal answers 422. */
export async function sendTestWhatsapp(
  deps: AppDeps,
  to: string,
  language: Language,
  actor: AuditActor,
): Promise<void> {
  const number = brazilianMobile(to);
  if (!number) {
    throw new AppError('public.errors.whatsappNeedsMobile', 400, undefined, {
      to: 'public.errors.whatsappNeedsMobile',
    });
  }
  const settings = await readWhatsappSendSettings(deps);
  if (settings.accessToken === '' || settings.phoneNumberId === '') {
    throw new AppError('admin-settings.whatsapp.notConfigured', 422);
  }
  const message = whatsappNotice(language, 'request_confirmation', 0, deps.config.PUBLIC_URL);
  try {
    await sendWhatsappTemplate(settings, number, message, {
      timeoutMs: CHANNEL_SEND_TIMEOUT_MS,
      now: () => deps.clock.now().getTime(),
    });
  } catch (error) {
    const detail = error instanceof ChannelSendError ? error.message : 'unknown error';
    throw new AppError('admin-settings.whatsapp.testFailed', 422, { detail });
  }
  await recordAudit(
    deps.db,
    actor,
    {
      kind: 'settings.whatsapp.test_send',
      objectType: 'settings',
      objectId: 'whatsapp',
      after: { to: number, baseUrl: settings.baseUrl, phoneNumberId: settings.phoneNumberId },
    },
    iso(deps.clock),
  );
}

/** Meta's verification handshake: the challenge back when the verify token is ours, else 403. */
export function verifyWebhook(deps: AppDeps, query: Record<string, unknown>): string {
  const ours = Buffer.from(whatsappVerifyToken(deps.config.APP_SECRET));
  const given = Buffer.from(typeof query['hub.verify_token'] === 'string' ? query['hub.verify_token'] : '');
  const challenge = query['hub.challenge'];
  const tokenOk = given.length === ours.length && timingSafeEqual(given, ours);
  // Meta's challenge is a number: nothing else is echoed back.
  if (query['hub.mode'] !== 'subscribe' || !tokenOk || typeof challenge !== 'string' || !/^\d{1,64}$/.test(challenge)) {
    throw new AppError('common.errors.forbidden', 403);
  }
  return challenge;
}

/** A webhook POST: signature checked on the raw body, then each reply acted on. */
export async function handleWhatsappWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  const settings = await readWhatsappSendSettings(deps);
  if (!isMetaSignature(settings.appSecret, rawBody, signature)) throw new AppError('common.errors.forbidden', 403);
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('common.errors.invalidJson', 400);
  }
  for (const reply of whatsappInbound(payload)) {
    const from = whatsappNumber(reply.from);
    if (!from) continue;
    if (isStopReply(reply.text)) await stopAddress(deps.db, 'whatsapp', from, iso(deps.clock));
    else if (isStartReply(reply.text)) await startAddress(deps.db, 'whatsapp', from);
  }
}
