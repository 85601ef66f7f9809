// Operators' payloads for repair requests: the list and detail answers with the history,
// the update (spec section 5), the dashboard counts, transfers and bulk changes. The list's
// query (filters, order, page) is in admin-request-filters.ts.
import * as z from 'zod/mini';
import { PROBLEM_TYPES, REQUEST_STATUSES, ROLES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';
import { adminRequestListQuerySchema } from './admin-request-filters.ts';
import { idNumber, optionalText } from './fields.ts';
import { requestStatusSchema } from './repair-requests.ts';

export const adminRequestListItemSchema = z.object({
  id: z.number(),
  name: z.nullable(z.string()),
  phone: z.string(),
  email: z.nullable(z.string()),
  address: z.string(),
  problemType: z.enum(PROBLEM_TYPES),
  status: z.enum(REQUEST_STATUSES),
  companyId: z.number(),
  companyName: z.string(),
  assignedToId: z.nullable(z.number()),
  assignedTo: z.nullable(z.string()),
  /** The pole the request was filed on, as filed; null when none. */
  poleNumber: z.nullable(z.string()),
  /** When the repair is due (decision 0029). */
  dueAt: z.nullable(z.string()),
  /** When it reached completed or cancelled: whether it met its due time. */
  closedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Reopened by its citizen from the tracking page and not closed again since (issue 22). */
  reopened: z.boolean(),
});
export type AdminRequestListItem = z.infer<typeof adminRequestListItemSchema>;

export const adminRequestListSchema = z.object({
  items: z.array(adminRequestListItemSchema),
  total: z.number(),
  /** True when a search had too many matches to count: `total` is then an estimate (2 significant digits). */
  totalIsEstimate: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** Pass as `cursor` (with page + 1) for the next page without skipping rows; null on the last page. */
  nextCursor: z.optional(z.nullable(z.string())),
});
export type AdminRequestList = z.infer<typeof adminRequestListSchema>;

/** One entry of a request's history: who, when, what changed, notes (decision 0002 §6). */
export const requestEventSchema = z.object({
  id: z.number(),
  kind: z.string(),
  at: z.string(),
  actorId: z.nullable(z.number()),
  actorName: z.nullable(z.string()),
  fromStatus: z.nullable(z.enum(REQUEST_STATUSES)),
  toStatus: z.nullable(z.enum(REQUEST_STATUSES)),
  assignedToId: z.nullable(z.number()),
  assignedTo: z.nullable(z.string()),
  /** True when this event changed the assignee (to `assignedTo`, or to nobody). */
  assigneeChanged: z.boolean(),
  notes: z.nullable(z.string()),
  /** A `transferred` event's companies, by name as they were then; null on other events. */
  fromCompany: z.optional(z.nullable(z.string())),
  toCompany: z.optional(z.nullable(z.string())),
});
export type RequestEvent = z.infer<typeof requestEventSchema>;

export const MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'stopped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A notice on a channel beside e-mail, as the operator's detail lists it. */
export const channelMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['sms', 'whatsapp', 'push']),
  kind: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
});
export type ChannelMessage = z.infer<typeof channelMessageSchema>;

export const adminRequestDetailSchema = z.object({
  id: z.number(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.string(),
  address: z.string(),
  reference: z.nullable(z.string()),
  problemType: z.enum(PROBLEM_TYPES),
  latitude: z.string(),
  longitude: z.string(),
  district: z.nullable(z.string()),
  city: z.nullable(z.string()),
  status: z.enum(REQUEST_STATUSES),
  notes: z.nullable(z.string()),
  language: z.enum(['pt', 'en']),
  company: z.object({
    id: z.number(),
    name: z.string(),
    fullName: z.string(),
    colorClass: z.string(),
    iconClass: z.string(),
    active: z.boolean(),
  }),
  companyName: z.string(),
  assignedToId: z.nullable(z.number()),
  assignedTo: z.nullable(z.string()),
  assignee: z.nullable(z.object({ id: z.number(), name: z.string(), username: z.string(), active: z.boolean() })),
  /** The pole number as filed, and the registry's pole when the number was one of its own. */
  poleNumber: z.nullable(z.string()),
  poleId: z.nullable(z.number()),
  /** The photo or file an Open311 client named (decision 0064): a link, never fetched; null otherwise. */
  mediaUrl: z.optional(z.nullable(z.string())),
  /**
   * Other requests still waiting (open, in progress) on the same pole, newest first, up to
   * SAME_POLE_LIMIT: the operator is warned of a likely duplicate.
   */
  openOnSamePole: z.array(z.object({ id: z.number(), status: z.enum(REQUEST_STATUSES), createdAt: z.string() })),
  /** When its contact data was anonymised (retention or a citizen's request, decision 0027); null while kept. */
  anonymizedAt: z.nullable(z.string()),
  /** When the repair is due (decision 0029); null only for a request filed with no target. */
  dueAt: z.nullable(z.string()),
  /** When it reached completed or cancelled; null while open or in progress. */
  closedAt: z.nullable(z.string()),
  /** How many citizens follow its status e-mails (issue 22); their e-mails are never shown. */
  followerCount: z.optional(z.number()),
  /** The request this one was merged into as a duplicate (issue 23). */
  duplicateOfId: z.optional(z.nullable(z.number())),
  /** The requests marked as duplicates of this one. */
  duplicateIds: z.optional(z.array(z.number())),
  /** The citizen's rating of the repair (issue 35): score 1–5, the comment (operators only), when. */
  rating: z.optional(z.nullable(z.object({ score: z.number(), comment: z.nullable(z.string()), at: z.string() }))),
  /** Its notices on the channels beside e-mail (issue 36): channel, kind and state, never number or text. */
  messages: z.optional(z.array(channelMessageSchema)),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(requestEventSchema),
});
/** How many of the other open requests on a pole the detail lists. */
export const SAME_POLE_LIMIT = 20;
export type AdminRequestDetail = z.infer<typeof adminRequestDetailSchema>;

/**
 * PATCH /api/admin/repair-requests/:id. `assignedToId`: absent keeps the assignee,
 * null removes it. `updatedAt` is the value read with the request: a stale one is refused.
 * `templateId`: the reply template the notes came from, of the same status (decision 0031).
 */
export const updateRepairRequestSchema = z.object({
  status: requestStatusSchema,
  assignedToId: z.optional(z.nullable(idNumber('admin-operations.validation.assignee.invalid'))),
  notes: optionalText(2000),
  updatedAt: z
    .string({ error: msg('admin-operations.validation.updatedAt.required') })
    .check(z.minLength(1, msg('admin-operations.validation.updatedAt.required'))),
  templateId: z.optional(z.nullable(idNumber('admin-templates.validation.replyTemplate.invalid'))),
});
export type UpdateRepairRequestInput = z.input<typeof updateRepairRequestSchema>;
export type UpdateRepairRequest = z.output<typeof updateRepairRequestSchema>;

export const requestCountsSchema = z.object({
  total: z.number(),
  open: z.number(),
  in_progress: z.number(),
  completed: z.number(),
  cancelled: z.number(),
});
export type RequestCounts = z.infer<typeof requestCountsSchema>;

export const companyRequestCountsSchema = z.array(
  z.extend(requestCountsSchema, {
    companyId: z.number(),
    companyName: z.string(),
    /** Open or in progress past their due time (decision 0029). */
    overdue: z.number(),
  }),
);
export type CompanyRequestCounts = z.infer<typeof companyRequestCountsSchema>;

export const assigneeSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
});
export type Assignee = z.infer<typeof assigneeSchema>;

/** The longest reason a transfer may carry (it is sent to the citizen and kept in the history). */
export const TRANSFER_REASON_MAX = 500;
const transferReason = z
  .string({ error: msg('admin-operations.validation.transfer.reasonRequired') })
  .check(
    z.trim(),
    z.minLength(1, msg('admin-operations.validation.transfer.reasonRequired')),
    z.maxLength(TRANSFER_REASON_MAX, msg('common.validation.tooLong')),
  );
const seenAt = z
  .string({ error: msg('admin-operations.validation.updatedAt.required') })
  .check(z.minLength(1, msg('admin-operations.validation.updatedAt.required')));

/**
 * POST /api/admin/repair-requests/:id/transfer: the request goes to another (active) company,
 * keeping its status; `updatedAt` is the value read with the request (409 when stale).
 */
export const transferRepairRequestSchema = z.object({
  companyId: idNumber('admin-operations.validation.transfer.companyInvalid'),
  reason: transferReason,
  updatedAt: seenAt,
});
export type TransferRepairRequestInput = z.input<typeof transferRepairRequestSchema>;
export type TransferRepairRequest = z.output<typeof transferRepairRequestSchema>;

/** The transfer's answer: the request as the caller now sees it, null when it left the caller's scope. */
export const transferResultSchema = z.object({ request: z.nullable(adminRequestDetailSchema) });
export type TransferResult = z.infer<typeof transferResultSchema>;

/** The most requests one bulk change may name, or a filter may match. */
export const BULK_LIMIT = 1000;

/** What a bulk change does to every row: a status, an assignee (null: nobody) or a transfer. */
export const bulkChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('status'), status: requestStatusSchema }),
  z.object({
    action: z.literal('assignee'),
    assignedToId: z.nullable(idNumber('admin-operations.validation.assignee.invalid')),
  }),
  z.object({
    action: z.literal('company'),
    companyId: idNumber('admin-operations.validation.transfer.companyInvalid'),
    reason: transferReason,
  }),
]);
export type BulkChange = z.output<typeof bulkChangeSchema>;

/**
 * POST /api/admin/repair-requests/bulk: either `items` (ids with the updatedAt each was read
 * at) or `filter` (the list's query, every match up to BULK_LIMIT), never both.
 */
export const bulkRepairRequestsSchema = z
  .object({
    change: bulkChangeSchema,
    items: z.optional(
      z
        .array(z.object({ id: idNumber(), updatedAt: seenAt }))
        .check(
          z.minLength(1, msg('admin-operations.validation.bulk.empty')),
          z.maxLength(BULK_LIMIT, msg('admin-operations.validation.bulk.tooMany')),
        ),
    ),
    filter: z.optional(adminRequestListQuerySchema),
  })
  .check(
    z.refine((body) => (body.items === undefined) !== (body.filter === undefined), {
      message: msg('admin-operations.validation.bulk.itemsOrFilter'),
      path: ['items'],
    }),
    z.refine((body) => new Set(body.items?.map((item) => item.id)).size === (body.items?.length ?? 0), {
      message: msg('admin-operations.validation.bulk.duplicate'),
      path: ['items'],
    }),
  );
export type BulkRepairRequestsInput = z.input<typeof bulkRepairRequestsSchema>;
export type BulkRepairRequests = z.output<typeof bulkRepairRequestsSchema>;

/** Why a row of a bulk change was left as it was. */
export const BULK_REFUSALS = [
  'stale',
  'notFound',
  'invalidAssignee',
  'unchanged',
  'duplicate',
  'invalid',
  'failed',
] as const;
export type BulkRefusal = (typeof BULK_REFUSALS)[number];
export const bulkResultSchema = z.object({
  changed: z.array(z.number()),
  refused: z.array(z.object({ id: z.number(), reason: z.enum(BULK_REFUSALS) })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
