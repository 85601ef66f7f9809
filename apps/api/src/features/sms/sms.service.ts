// The admin's test SMS, and the replies the providers forward: SAIR/STOP stops a number's
// notices (its messages still waiting are not sent), VOLTAR/START brings them back. A reply
// without Twilio's signature or Zenvia's header changes nothing and is answered 403.
import type { Language } from '@acende/shared/enums';
import { brazilianMobile } from '@acende/shared/sms-number';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { startAddress, stopAddress } from '../../core/channels/channel-outbox.repository.ts';
import { ChannelSendError } from '../../core/channels/channel-send-error.ts';
import { CHANNEL_SEND_TIMEOUT_MS } from '../../core/channels/channel-worker.ts';
import { isStartReply, isStopReply, smsStarted, smsStopped, smsTest } from '../../core/channels/sms.templates.ts';
import { readSmsSendSettings } from '../../core/channels/sms-settings.service.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { sendSms } from './sms-providers.ts';
import { isTwilioSignature } from './twilio.ts';
import { isZenviaToken, zenviaReply } from './zenvia.ts';

/** Sends a test SMS with the saved settings at once; a refusal answers 422 with the provider's reason. */
export async function sendTestSms(deps: AppDeps, to: string, language: Language, actor: AuditActor): Promise<void> {
  const number = brazilianMobile(to);
  if (!number)
    throw new AppError('public.errors.smsNeedsMobile', 400, undefined, { to: 'public.errors.smsNeedsMobile' });
  const settings = await readSmsSendSettings(deps);
  if ((settings.provider === 'twilio' && settings.accountSid === '') || settings.token === '' || settings.from === '') {
    throw new AppError('admin-settings.sms.notConfigured', 422);
  }
  try {
    await sendSms(settings, number, smsTest(language), {
      timeoutMs: CHANNEL_SEND_TIMEOUT_MS,
      now: () => deps.clock.now().getTime(),
    });
  } catch (error) {
    const detail = error instanceof ChannelSendError ? error.message : 'unknown error';
    throw new AppError('admin-settings.sms.testFailed', 422, { detail });
  }
  await recordAudit(
    deps.db,
    actor,
    {
      kind: 'settings.sms.test_send',
      objectType: 'settings',
      objectId: 'sms',
      after: { to: number, baseUrl: settings.baseUrl, accountSid: settings.accountSid, from: settings.from },
    },
    iso(deps.clock),
  );
}

const twiml = (message?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${escapeXml(message)}</Message>` : ''}</Response>`;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** A reply Twilio forwards: checked against its signature, then acted on; answers TwiML. */
export async function handleInboundSms(
  deps: AppDeps,
  inbound: { url: string; params: [string, string][]; signature: string | undefined },
): Promise<string> {
  const settings = await readSmsSendSettings(deps);
  if (!isTwilioSignature(settings.token, inbound.url, inbound.params, inbound.signature)) {
    throw new AppError('common.errors.forbidden', 403);
  }
  const field = (name: string) => inbound.params.find(([key]) => key === name)?.[1] ?? '';
  const answer = await actOnReply(deps, brazilianMobile(field('From')) ?? field('From'), field('Body'));
  return twiml(answer ?? undefined);
}

/** A reply Zenvia forwards (a subscription's MESSAGE event), with our header; acted on, answered 200. */
export async function handleZenviaReply(deps: AppDeps, token: string | undefined, event: unknown): Promise<void> {
  if (!isZenviaToken(deps.config.APP_SECRET, token)) throw new AppError('common.errors.forbidden', 403);
  const reply = zenviaReply(event);
  if (reply) await actOnReply(deps, brazilianMobile(reply.from) ?? reply.from, reply.text);
}

/** SAIR/STOP stops the number's SMS, VOLTAR/START brings them back; answers what to tell it, if anything. */
async function actOnReply(deps: AppDeps, from: string, body: string): Promise<string | null> {
  // English words answer in English; SAIR, PARAR, CANCELAR and VOLTAR in Portuguese.
  const language: Language = /^\s*(stop|stopall|start|unstop|unsubscribe|cancel|end|quit|yes)\s*[.!]*\s*$/i.test(body)
    ? 'en'
    : 'pt';
  if (from !== '' && isStopReply(body)) {
    await stopAddress(deps.db, 'sms', from, iso(deps.clock));
    return smsStopped(language);
  }
  if (from !== '' && isStartReply(body)) {
    await startAddress(deps.db, 'sms', from);
    return smsStarted(language);
  }
  return null;
}
