// This browser's push subscription (decision 0063), for the citizen's opt-in and the admin's
// test notice: whether the browser can take notices at all, and subscribing it: the service
// worker at /sw.js registered, the person's permission asked, the push service's subscription
// made with the server's public key (query-keys/push.ts reads it).
import type { PushSubscriptionInput } from '@acende/shared/schemas/push';

/** Whether this browser has service workers and the Push API (not an old one, not iOS outside a home-screen app). */
export function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

/** The person (or the browser's settings) refused notices: asking again shows nothing. */
export class PushDeniedError extends Error {
  constructor() {
    super('notifications denied');
    this.name = 'PushDeniedError';
  }
}

/** The server's public key as the bytes pushManager.subscribe takes. */
function keyBytes(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

/**
 * Subscribes this browser with the server's key and answers the subscription as the API
 * takes it. Asks for permission first (throws PushDeniedError when refused); a subscription
 * made earlier with another key is replaced.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeniedError();
  const ready = await navigator.serviceWorker.ready;
  const applicationServerKey = keyBytes(publicKey);
  const existing = await (ready ?? registration).pushManager.getSubscription();
  if (existing && !sameKey(existing, applicationServerKey)) await existing.unsubscribe();
  const subscription =
    existing && sameKey(existing, applicationServerKey)
      ? existing
      : await (ready ?? registration).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
