// Signed webhooks to a company's own system (issue 38, decision 0065): the endpoints an admin
// registers per company, the events each takes, the secret shown once, and the deliveries an
// admin reads and replays. The server checks where an address resolves; this checks its shape.
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';
import { idNumber } from './fields.ts';

/**
 * The events a company's endpoint may take. `request.changed` is every operator or
 * integration change (status, assignee, notes); `request.completed` also goes out when the
 * status becomes completed. `work_order.done` goes out when a crew has finished every stop of a
 * work order (decision 0068): the order, its crew and day and its stops counted, no request's data.
 */
export const WEBHOOK_EVENT_TYPES = [
  'request.filed',
  'request.changed',
  'request.transferred_in',
  'request.transferred_out',
  'request.completed',
  'request.rated',
  'work_order.done',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The longest endpoint address taken. */
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Endpoints one company may register. */
export const WEBHOOK_ENDPOINTS_PER_COMPANY = 10;
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'dead'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

const URL_KEY = msg('admin-integrations.validation.webhookUrl');
const EVENTS_KEY = msg('admin-integrations.validation.webhookEvents');

/** An http(s) address with a host and no user or password. */
export const webhookUrl = z.string({ error: URL_KEY }).check(
  z.trim(),
  z.maxLength(WEBHOOK_URL_MAX, URL_KEY),
  z.refine((text) => {
    try {
      const url = new URL(text);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.hostname !== '' &&
        url.username === '' &&
        url.password === '' &&
        url.hash === ''
      );
    } catch {
      return false;
    }
  }, URL_KEY),
);

const events = z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: EVENTS_KEY }), { error: EVENTS_KEY }).check(
  z.minLength(1, EVENTS_KEY),
  z.maxLength(WEBHOOK_EVENT_TYPES.length, EVENTS_KEY),
  z.refine((list) => new Set(list).size === list.length, EVENTS_KEY),
);

const description = z.pipe(
  z.nullish(
    z
      .string({ error: msg('common.validation.invalidType') })
      .check(z.trim(), z.maxLength(WEBHOOK_DESCRIPTION_MAX, msg('common.validation.tooLong'))),
  ),
  z.transform((value: string | null | undefined) => (value ? value : null)),
);

/** POST /api/admin/webhooks: a new endpoint for one company. */
export const webhookEndpointInputSchema = z.strictObject({
  companyId: idNumber('common.validation.company.invalid'),
  url: webhookUrl,
  events,
  description,
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;
export type WebhookEndpointValues = z.output<typeof webhookEndpointInputSchema>;

/** PATCH /api/admin/webhooks/{id}: any of the address, the events, the description, on/off. */
export const webhookEndpointPatchSchema = z.strictObject({
  url: z.optional(webhookUrl),
  events: z.optional(events),
  description: z.optional(description),
  active: z.optional(z.boolean({ error: msg('common.validation.invalidType') })),
});
export type WebhookEndpointPatch = z.output<typeof webhookEndpointPatchSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  /** The secret's first characters (`whsec_` and four more), to tell secrets apart. */
  secretPrefix: z.string(),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
  /** Deliveries waiting (first try or a retry) and given up (dead letters). */
  pending: z.number(),
  dead: z.number(),
  lastDeliveredAt: z.nullable(z.string()),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export const webhookEndpointWithSecretSchema = z.extend(webhookEndpointSchema, { secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

/** One event's delivery to one endpoint, as the dead-letter list and the endpoint's log show it. */
export const webhookDeliverySchema = z.object({
  id: z.number(),
  endpointId: z.number(),
  endpointUrl: z.string(),
  companyName: z.string(),
  /** The event id the receiver dedupes by (the `webhook-id` header and the body's `id`). */
  messageId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  requestId: z.nullable(z.number()),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number(),
  createdAt: z.string(),
  nextAttemptAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  /** The last answer: an HTTP status, or null when there was none (time-out, refused, blocked). */
  lastStatus: z.nullable(z.number()),
  /** What went wrong last, in words for an admin (no secret, no body of the receiver's beyond 200 characters). */
  lastError: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
