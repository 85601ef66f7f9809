// Twilio's Programmable Messaging, through its documented HTTP API (decision 0061): a message
// is POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded (To, From or
// MessagingServiceSid, Body), with HTTP Basic auth (Account SID, Auth Token); 201 answers the
// message's JSON (its `sid`), an error answers {code, message, more_info, status}. Replies
// come to our webhook form-encoded, signed in X-Twilio-Signature: Base64(HMAC-SHA1(Auth Token,
// the webhook's full URL followed by every parameter's name and value, sorted by name)).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ChannelSendError } from '../../core/channels/channel-send-error.ts';
import { postToProvider, providerRefusal } from '../../core/channels/provider-call.ts';
import type { SmsSendSettings } from '../../core/channels/sms-settings.service.ts';

/** Twilio's error for a recipient who replied STOP to our number: nothing goes to it. */
export const TWILIO_UNSUBSCRIBED = 21610;
/** Errors no retry cures: a number that is not one, cannot get SMS, or is not allowed. */
const PERMANENT = new Set([21211, 21408, 21612, 21614, 21610, 30004, 30005, 30006]);

/** Sends one SMS; answers Twilio's id for it, or throws ChannelSendError. */
export async function sendTwilioSms(
  settings: Pick<SmsSendSettings, 'baseUrl' | 'accountSid' | 'token' | 'from'>,
  to: string,
  body: string,
  options: { timeoutMs: number; now: () => number },
): Promise<{ id: string }> {
  const url = `${settings.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const form = new URLSearchParams({ To: to, Body: body });
  form.set(settings.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', settings.from);
  const answer = await postToProvider(
    'Twilio',
    url,
    {
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.token}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
    },
    options.timeoutMs,
  );
  const { json } = answer;
  if (answer.status === 200 || answer.status === 201) {
    if (typeof json.sid === 'string' && json.sid !== '') return { id: json.sid };
    throw new ChannelSendError(`Twilio ${answer.status} without a message sid`, null, false, null);
  }
  const code = typeof json.code === 'number' ? json.code : null;
  // Twilio's messages may quote the number (21211, 21614): providerRefusal masks it.
  throw providerRefusal(
    'Twilio',
    answer,
    {
      code,
      message: json.message,
      limited: false,
      permanent: code !== null && PERMANENT.has(code),
      stopped: code === TWILIO_UNSUBSCRIBED,
    },
    options.now(),
  );
}

/** X-Twilio-Signature for a form-encoded request to `url` with `params`. */
export function twilioSignature(authToken: string, url: string, params: [string, string][]): string {
  const sorted = [...params].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `signature` is Twilio's for this request (compared in constant time). */
export function isTwilioSignature(
  authToken: string,
  url: string,
  params: [string, string][],
  signature: string | undefined,
): boolean {
  if (!signature || authToken === '') return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
