// Operators' payloads for repair requests: the list filters, the list and detail
// answers with the history, the update (spec section 5) and the dashboard counts.
import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.ts';
import { PROBLEM_TYPES, REQUEST_STATUSES, ROLES } from '../enums.ts';
import { type MessageKey, msg } from '../i18n/message-key.ts';
import { idNumber, isIdText, optionalText } from './fields.ts';
import { requestStatusSchema } from './repair-requests.ts';

const blank = (value: unknown) => value === undefined || value === null || value === '';
/** A query value that is absent, blank, or one of `values`. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (blank(value)) return undefined;
      if ((values as readonly string[]).includes(value as string)) return value as T[number];
      ctx.issues.push({ code: 'custom', message: msg('validation.invalid'), input: value });
      return z.NEVER;
    }),
  );
/** A query value that is absent, blank, or an id; `invalidKey` names what it should have been. */
const optionalId = (invalidKey: MessageKey) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (blank(value)) return undefined;
      if (isIdText(value as string)) return Number(value);
      ctx.issues.push({ code: 'custom', message: invalidKey, input: value });
      return z.NEVER;
    }),
  );
/** A date (YYYY-MM-DD, a UTC day) or an instant (ISO-8601); the web app sends instants for local days. */
const optionalInstant = z.pipe(
  z.optional(z.string()),
  z.transform((value, ctx) => {
    if (blank(value)) return undefined;
    const text = value as string;
    if (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00.000Z`))) return text;
    if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text))) {
      return new Date(text).toISOString();
    }
    ctx.issues.push({ code: 'custom', message: msg('validation.date.invalid'), input: value });
    return z.NEVER;
  }),
);

/** GET /api/admin/repair-requests query. Every filter is optional; blank means "any". */
export const adminRequestListQuerySchema = z.object({
  q: z.pipe(
    z.optional(z.string().check(z.maxLength(200, msg('validation.tooLong')))),
    z.transform((value) => value?.trim() || undefined),
  ),
  status: optionalChoice(REQUEST_STATUSES),
  problemType: optionalChoice(PROBLEM_TYPES),
  companyId: optionalId('validation.reports.company'),
  assignedToId: optionalId('validation.reports.assignee'),
  from: optionalInstant,
  to: optionalInstant,
  page: z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (blank(value)) return 1;
      if (/^[1-9]\d{0,5}$/.test(value as string)) return Number(value);
      ctx.issues.push({ code: 'custom', message: msg('validation.page.invalid'), input: value });
      return z.NEVER;
    }),
  ),
  /** Opaque position after which the next page starts (keyset paging); `page` is then only echoed. */
  cursor: z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (blank(value)) return undefined;
      if (/^[A-Za-z0-9_-]{1,200}$/.test(value as string)) return value as string;
      ctx.issues.push({ code: 'custom', message: msg('validation.invalid'), input: value });
      return z.NEVER;
    }),
  ),
  pageSize: z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (blank(value)) return DEFAULT_PAGE_SIZE;
      const n = Number(value);
      if ((PAGE_SIZES as readonly number[]).includes(n)) return n;
      ctx.issues.push({ code: 'custom', message: msg('validation.pageSize.invalid'), input: value });
      return z.NEVER;
    }),
  ),
});
export type AdminRequestListQuery = z.output<typeof adminRequestListQuerySchema>;
export type AdminRequestListQueryInput = z.input<typeof adminRequestListQuerySchema>;

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
  createdAt: z.string(),
  updatedAt: z.string(),
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
});
export type RequestEvent = z.infer<typeof requestEventSchema>;

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
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(requestEventSchema),
});
export type AdminRequestDetail = z.infer<typeof adminRequestDetailSchema>;

/**
 * PATCH /api/admin/repair-requests/:id. `assignedToId`: absent keeps the assignee,
 * null removes it. `updatedAt` is the value read with the request: a stale one is refused.
 */
export const updateRepairRequestSchema = z.object({
  status: requestStatusSchema,
  assignedToId: z.optional(z.nullable(idNumber('validation.assignee.invalid'))),
  notes: optionalText(2000),
  updatedAt: z
    .string({ error: msg('validation.updatedAt.required') })
    .check(z.minLength(1, msg('validation.updatedAt.required'))),
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
  z.extend(requestCountsSchema, { companyId: z.number(), companyName: z.string() }),
);
export type CompanyRequestCounts = z.infer<typeof companyRequestCountsSchema>;

export const assigneeSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
});
export type Assignee = z.infer<typeof assigneeSchema>;
