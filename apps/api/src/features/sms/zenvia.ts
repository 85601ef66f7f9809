// Zenvia's API v2, as its documentation describes it (decision 0061): a message is POST
// {base}/v2/channels/sms/messages with the X-API-TOKEN header and a JSON body {from, to,
// contents: [{type: 'text', text}]}, `to` in digits with the country code; 200 answers the
// message with its `id`; an error answers {code, message, details}. Replies come to our webhook
// as a subscription's MESSAGE event (JSON), which carries the header the subscription was
// given: ours is X-Acende-Webhook-Token, a value derived from APP_SECRET (`inboundTokenOf`).
import { timingSafeEqual } from 'node:crypto';
import { ChannelSendError } from '../../core/channels/channel-send-error.ts';
import { postToProvider, providerRefusal } from '../../core/channels/provider-call.ts';
import { inboundTokenOf, type SmsSendSettings } from '../../core/channels/sms-settings.service.ts';

/** Zenvia's codes no retry cures: the message itself is refused. */
const PERMANENT = new Set(['VALIDATION_ERROR', 'INVALID_FIELD', 'BLOCKED_CONTACT']);

/** Sends one SMS; answers Zenvia's id for it, or throws ChannelSendError. */
export async function sendZenviaSms(
  settings: Pick<SmsSendSettings, 'baseUrl' | 'token' | 'from'>,
  to: string,
  body: string,
  options: { timeoutMs: number; now: () => number },
): Promise<{ id: string }> {
  const answer = await postToProvider(
    'Zenvia',
    `${settings.baseUrl.replace(/\/$/, '')}/v2/channels/sms/messages`,
    {
      headers: { 'x-api-token': settings.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: settings.from,
        to: to.replace(/^\+/, ''),
        contents: [{ type: 'text', text: body }],
      }),
    },
    options.timeoutMs,
  );
  const { json } = answer;
  if (answer.ok) {
    if (typeof json.id === 'string' && json.id !== '') return { id: json.id };
    throw new ChannelSendError(`Zenvia ${answer.status} without a message id`, null, false, null);
  }
  const code = typeof json.code === 'string' ? json.code : null;
  const permanent = answer.status === 400 && code !== null && PERMANENT.has(code);
  throw providerRefusal('Zenvia', answer, { code, message: json.message, limited: false, permanent }, options.now());
}

export function isZenviaToken(appSecret: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(inboundTokenOf(appSecret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A MESSAGE event's sender and text, when it is an incoming SMS text. */
export function zenviaReply(event: unknown): { from: string; text: string } | null {
  if (typeof event !== 'object' || event === null) return null;
  const message = (event as { message?: unknown }).message;
  if (typeof message !== 'object' || message === null) return null;
  const { from, contents, direction } = message as { from?: unknown; contents?: unknown; direction?: unknown };
  if (typeof from !== 'string' || direction !== 'IN' || !Array.isArray(contents)) return null;
  const text = contents.find(
    (c): c is { type: 'text'; text: string } =>
      typeof c === 'object' && c !== null && c.type === 'text' && typeof c.text === 'string',
  );
  return text ? { from: `+${from.replace(/\D/g, '')}`, text: text.text } : null;
}
