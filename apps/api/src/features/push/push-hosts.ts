// Which push services a subscription may name (decision 0063): a subscription is any HTTPS
// URL a stranger posts, and the worker POSTs to it, so only the browsers' own push services
// are accepted (plus PUSH_EXTRA_HOSTS): our server is never made to call an address inside
// its own network.
import { ECDH } from 'node:crypto';

/** The browsers' push services: Chrome, Edge's Chromium and most others (FCM), Edge (WNS), Firefox, Safari. */
const PUSH_SERVICE_DOMAINS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'notify.windows.com',
  'push.services.mozilla.com',
  'push.apple.com',
];

/** Whether `endpoint` is an HTTPS URL on a browser's push service or one of `extraHosts` (comma-separated). */
export function isAcceptedPushEndpoint(endpoint: string, extraHosts: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const extras = extraHosts
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (extras.includes(host)) return true;
  // The browsers' services on their own port only.
  return url.port === '' && PUSH_SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** Whether `p256dh` (base64url) is a point on P-256, as a browser's key must be: else no notice can be encrypted for it. */
export function isPushKey(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1', undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}
