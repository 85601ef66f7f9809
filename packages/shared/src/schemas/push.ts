// Browser push (issue 36, decision 0063): a browser's PushSubscription as the citizen's page
// posts it (PushSubscription.toJSON(), strictly: an HTTPS endpoint and RFC 8291's keys), the
// public key a page subscribes with, and the admin's settings and test send.
import * as z from 'zod/mini';
import { LANGUAGES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';

/** Browsers one request may send notices to (the filer's phone and computer, a relative's). */
export const PUSH_MAX_SUBSCRIPTIONS_PER_REQUEST = 5;
/** The longest endpoint taken (FCM's and Mozilla's are under 600 characters). */
export const PUSH_ENDPOINT_MAX = 1024;

const ENDPOINT = msg('public-push.validation.endpoint');
const KEYS = msg('public-push.validation.keys');

/** An HTTPS URL with a host and no user or password in it; which hosts are accepted is the server's rule. */
const endpoint = z
  .string({ error: ENDPOINT })
  .check(z.maxLength(PUSH_ENDPOINT_MAX, ENDPOINT), z.regex(/^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/[^\s]*$/, ENDPOINT));

/**
 * POST …/push-subscriptions: the browser's PushSubscription as its toJSON() gives it, and
 * optionally the notices' language (else the page's Accept-Language). Nothing else is taken.
 */
export const pushSubscriptionSchema = z.strictObject({
  endpoint,
  /** Browsers send null; an expiry is theirs to keep, not ours. */
  expirationTime: z.optional(z.nullable(z.number({ error: KEYS }))),
  keys: z.strictObject(
    {
      // The browser's P-256 public key: 65 bytes (uncompressed point, 0x04 first) in base64url.
      p256dh: z.string({ error: KEYS }).check(z.regex(/^B[\w-]{86}$/, KEYS)),
      // The 16-byte authentication secret in base64url.
      auth: z.string({ error: KEYS }).check(z.regex(/^[\w-]{22}$/, KEYS)),
    },
    { error: KEYS },
  ),
  language: z.optional(z.enum(LANGUAGES, { error: msg('common.validation.invalid') })),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** DELETE …/push-subscriptions: the endpoint to stop. */
export const unsubscribePushSchema = z.strictObject({ endpoint });

/** GET /api/push/public-key: whether pages offer notices, and the key they subscribe with. */
export const pushPublicKeySchema = z.object({ enabled: z.boolean(), publicKey: z.string() });
export type PushPublicKey = z.output<typeof pushPublicKeySchema>;

export const pushSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: msg('common.validation.invalidType') }),
});
export type PushSettings = z.output<typeof pushSettingsSchema>;

/** The admin screen's view; the private key never leaves the server. */
export const pushSettingsResponseSchema = z.object({
  enabled: z.boolean(),
  publicKey: z.string(),
  subject: z.string(),
  keysFrom: z.enum(['env', 'database']),
  subscriptions: z.number(),
});
export type PushSettingsResponse = z.output<typeof pushSettingsResponseSchema>;

/** A test notice to the admin's own browser (its subscription, as a citizen's page posts one), sent at once and not kept. */
export const sendTestPushSchema = pushSubscriptionSchema;
