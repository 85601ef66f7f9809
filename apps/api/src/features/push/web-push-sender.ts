// Sends one notice to a browser's push service with `web-push` (decision 0063): the payload
// encrypted for the browser as RFC 8291 says (aes128gcm), the request signed with our VAPID
// key (RFC 8292), kept a day (TTL) and replacing an undelivered notice of the same request
// (Topic). The push service's answer becomes what the channels' worker reads: 404/410 the
// subscription is gone, 429 (or 503) waits its Retry-After, other 5xx and network failures
// are retried, any other refusal is final.
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { ChannelSendError, retryAfterMs } from '../../core/channels/channel-send-error.ts';
import type { VapidKeys } from '../../core/channels/push-settings.service.ts';

/** A notice nobody could be told within a day is no notice (as the outbox gives up after 24 h). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const agents = new Map<string, Agent>();

/** The test's local push service's certificate (TEST_PUSH_CA_FILE, refused outside NODE_ENV=test). */
function agentFor(caFile: string | undefined): Agent | undefined {
  if (!caFile) return undefined;
  let agent = agents.get(caFile);
  if (!agent) {
    agent = new Agent({ ca: readFileSync(caFile) });
    agents.set(caFile, agent);
  }
  return agent;
}

/** Sends `payload` (the notice's JSON) to the browser; answers the push service's Location for it. */
export async function sendWebPush(
  keys: VapidKeys,
  target: PushTarget,
  payload: string,
  options: { timeoutMs: number; now: () => number; caFile?: string },
): Promise<{ id: string }> {
  const tag = (JSON.parse(payload) as { tag?: unknown }).tag;
  try {
    const answer = await webpush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        ...(typeof tag === 'string' && /^[\w-]{1,32}$/.test(tag) ? { topic: tag } : {}),
        timeout: options.timeoutMs,
        agent: agentFor(options.caFile),
      },
    );
    const location = answer.headers.location;
    return { id: typeof location === 'string' ? location.slice(0, 500) : '' };
  } catch (error) {
    throw toSendError(error, options.now());
  }
}

function toSendError(error: unknown, now: number): ChannelSendError {
  if (error instanceof WebPushError) {
    const status = error.statusCode;
    const text = `push service ${status}${error.body ? `: ${String(error.body).slice(0, 200)}` : ''}`;
    // RFC 8030 §7.3: the subscription expired or was removed; sending again cannot succeed.
    if (status === 404 || status === 410) return new ChannelSendError(text, null, true, status, true);
    if (status === 429 || status === 503) {
      const header = error.headers['retry-after'];
      const wait = retryAfterMs(typeof header === 'string' ? header : null, now);
      return new ChannelSendError(text, wait, false, status);
    }
    return new ChannelSendError(text, null, status < 500, status);
  }
  const failure = error as NodeJS.ErrnoException;
  // Keys node:crypto cannot use (not a P-256 point): no retry cures them.
  if (failure.code?.startsWith('ERR_CRYPTO_'))
    return new ChannelSendError(`push not sent: ${failure.code}`, null, true, null);
  // No answer (refused, reset, a time-out, a name not found): the push service may be back later.
  if (failure.code || failure.message === 'Socket timeout') {
    return new ChannelSendError(`push service unreachable: ${failure.code ?? failure.message}`, null, false, null);
  }
  // Refused before sending (keys that are not a P-256 point, a payload too large): final.
  return new ChannelSendError(`push not sent: ${failure.message}`, null, true, null);
}
