// Meta's WhatsApp Cloud API, through its documented HTTP API (decision 0062): a template
// message is POST {base}/{version}/{phone-number-id}/messages with a Bearer access token and
// the JSON body {messaging_product: "whatsapp", to, type: "template", template: {name,
// language: {code}, components}}; 200 answers {messages: [{id: "wamid…"}]}, an error answers
// {error: {message, type, code, error_subcode, fbtrace_id}}. The webhook's POSTs are signed in
// X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the raw body under the app secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { brazilianMobile } from '@acende/shared/sms-number';
import { ChannelSendError } from '../../core/channels/channel-send-error.ts';
import type { SendOptions } from '../../core/channels/channel-worker.ts';
import { postToProvider, providerRefusal } from '../../core/channels/provider-call.ts';
import { WHATSAPP_STOP_PAYLOAD, type WhatsappTemplateMessage } from '../../core/channels/whatsapp.templates.ts';
import type { WhatsappSendSettings } from '../../core/channels/whatsapp-settings.service.ts';

/** Throughput and pair rate limits (with HTTP 400 or 429): tried again later. */
const RATE_LIMITED = new Set([4, 80007, 130429, 131048, 131056]);
/** The citizen stopped the business's messages in WhatsApp itself. */
const USER_STOPPED = 131050;
/** Errors no retry cures: no WhatsApp at the number, a template Meta does not know, a bad parameter. */
const PERMANENT = new Set([
  100, 131008, 131009, 131021, 131026, 131030, 131047, 131051, 132000, 132001, 132005, 132007, 132012, 132015, 132016,
]);

/** Sends one template message; answers Meta's id for it (wamid…), or throws ChannelSendError. */
export async function sendWhatsappTemplate(
  settings: Pick<WhatsappSendSettings, 'baseUrl' | 'apiVersion' | 'phoneNumberId' | 'accessToken'>,
  to: string,
  message: WhatsappTemplateMessage,
  options: SendOptions,
): Promise<{ id: string }> {
  const url = `${settings.baseUrl.replace(/\/$/, '')}/${settings.apiVersion}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  const body = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: to.replace(/\D/g, ''),
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components: [
        { type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) },
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '0',
          parameters: [{ type: 'payload', payload: WHATSAPP_STOP_PAYLOAD }],
        },
      ],
    },
  };
  const answer = await postToProvider(
    'WhatsApp',
    url,
    {
      headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    options.timeoutMs,
  );
  const json = answer.json as { messages?: { id?: unknown }[]; error?: { code?: unknown; message?: unknown } };
  if (answer.ok) {
    const id = json.messages?.[0]?.id;
    if (typeof id === 'string' && id !== '') return { id };
    throw new ChannelSendError(`WhatsApp ${answer.status} without a message id`, null, false, null);
  }
  const code = typeof json.error?.code === 'number' ? json.error.code : null;
  throw providerRefusal(
    'WhatsApp',
    answer,
    {
      code,
      message: json.error?.message,
      limited: code !== null && RATE_LIMITED.has(code),
      permanent: code !== null && PERMANENT.has(code),
      stopped: code === USER_STOPPED,
    },
    options.now(),
  );
}

/** X-Hub-Signature-256 of a webhook body under the app secret. */
export function metaSignature(appSecret: string, rawBody: Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Whether `signature` is Meta's for this body (compared in constant time). */
export function isMetaSignature(appSecret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature || appSecret === '') return false;
  const expected = Buffer.from(metaSignature(appSecret, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A WhatsApp id as a number: "5551999991234", or a Brazilian mobile registered before the
 * ninth digit, "555199991234", whose WhatsApp id still lacks it.
 */
export function whatsappNumber(waId: string): string | null {
  const digits = waId.replace(/\D/g, '');
  const withNine = /^55[1-9][1-9][6-9]\d{7}$/.test(digits) ? `${digits.slice(0, 4)}9${digits.slice(4)}` : digits;
  return brazilianMobile(`+${withNine}`);
}

export interface WhatsappInbound {
  from: string;
  text: string;
}

/** The messages of a webhook POST (object "whatsapp_business_account"): typed text and button taps. */
export function whatsappInbound(payload: unknown): WhatsappInbound[] {
  const found: WhatsappInbound[] = [];
  const entries = (payload as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return found;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const messages = (change as { value?: { messages?: unknown } })?.value?.messages;
      if (!Array.isArray(messages)) continue;
      for (const message of messages as Record<string, unknown>[]) {
        const from = typeof message?.from === 'string' ? message.from : '';
        const text = (message?.text as { body?: unknown })?.body ?? (message?.button as { payload?: unknown })?.payload;
        if (from !== '' && typeof text === 'string') found.push({ from, text });
      }
    }
  }
  return found;
}
