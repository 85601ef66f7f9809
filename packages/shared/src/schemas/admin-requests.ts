// Operators' payloads for repair requests: the list filters, the list and detail
// answers with the history, the update (spec section 5) and the dashboard counts.
import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.ts';
import { PROBLEM_TYPES, REQUEST_STATUSES, ROLES } from '../enums.ts';
import { type MessageKey, msg } from '../i18n/message-key.ts';
import { idNumber, isIdText, optionalText } from './fields.ts';
import { isPoleNumber, normalisePoleNumber } from './poles.ts';
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
function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
/**
 * A query value that is absent, blank, or a pole number: normalised as the filing stores it
 * (normalisePoleNumber), so `pole=ab 12` finds the requests filed on pole AB-12.
 */
export const optionalPoleFilter = z.pipe(
  z.optional(z.string()),
  z.transform((value, ctx) => {
    if (blank(value)) return undefined;
    const number = normalisePoleNumber(value as string);
    if (number === '') return undefined;
    if (isPoleNumber(number)) return number;
    ctx.issues.push({ code: 'custom', message: msg('validation.pole.numberInvalid'), input: value });
    return z.NEVER;
  }),
);

/**
 * The last calendar day a filter may name: the API compares stored timestamps as text, so
 * every bound it derives must keep the four-digit year (a `to` day's bound is the start of
 * the day after, in REPORT_TIME_ZONE; 10000-01-01 is written `+010000-…` and sorts first).
 */
const LAST_FILTER_DAY = '9999-12-30';
/**
 * A calendar day (YYYY-MM-DD, read in REPORT_TIME_ZONE as the reports read theirs, both ends
 * inclusive) or an instant (ISO-8601, used as it is, within year 9999 once in UTC).
 */
const optionalInstant = z.pipe(
  z.optional(z.string()),
  z.transform((value, ctx) => {
    if (blank(value)) return undefined;
    const text = value as string;
    if (/^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDate(text) && text <= LAST_FILTER_DAY) return text;
    if (
      /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(text) &&
      isCalendarDate(text.slice(0, 10)) &&
      !Number.isNaN(Date.parse(text))
    ) {
      const instant = new Date(text).toISOString();
      if (/^\d{4}-/.test(instant)) return instant;
    }
    ctx.issues.push({ code: 'custom', message: msg('validation.date.invalid'), input: value });
    return z.NEVER;
  }),
);

/**
 * The orders the request list can be read in, each a column and the id after it. Add a key
 * here (and its column in the API's list repository and its words in the catalogues) to
 * offer a new one: the repair deadline of issue 23 is expected to be the next.
 */
/** The list's deadline filter (decision 0029). */
export const DEADLINE_FILTERS = ['overdue'] as const;
export type DeadlineFilter = (typeof DEADLINE_FILTERS)[number];

export const REQUEST_SORT_KEYS = ['created', 'number', 'status', 'updated', 'due'] as const;
export type RequestSortKey = (typeof REQUEST_SORT_KEYS)[number];
export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** The list's order when the query names none: newest first. */
export const DEFAULT_REQUEST_SORT: RequestSortKey = 'created';
export const DEFAULT_SORT_DIRECTION: SortDirection = 'desc';

/** A query value that is absent or blank (`fallback`), or one of `values`, else `invalidKey`. */
const choiceOr = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number], invalidKey: MessageKey) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (blank(value)) return fallback;
      if ((values as readonly string[]).includes(value as string)) return value as T[number];
      ctx.issues.push({ code: 'custom', message: invalidKey, input: value });
      return z.NEVER;
    }),
  );

/** A day or instant as the first instant it stands for, to compare a range's ends. */
const rangeStart = (value: string) => (value.length === 10 ? `${value}T00:00:00.000Z` : value);
/** A day as its last instant (within a day of any zone, enough to order it against the start). */
const rangeEnd = (value: string) => (value.length === 10 ? `${value}T23:59:59.999Z` : value);

/** GET /api/admin/repair-requests query. Every filter is optional; blank means "any". */
export const adminRequestListQuerySchema = z
  .object({
    q: z.pipe(
      z.optional(z.string().check(z.maxLength(200, msg('validation.tooLong')))),
      z.transform((value) => value?.trim() || undefined),
    ),
    status: optionalChoice(REQUEST_STATUSES),
    problemType: optionalChoice(PROBLEM_TYPES),
    companyId: optionalId('validation.reports.company'),
    assignedToId: optionalId('validation.reports.assignee'),
    /** Requests filed on this pole (its number, matched exactly once normalised). */
    pole: optionalPoleFilter,
    /** `overdue`: open or in progress past the due time (decision 0029). */
    deadline: optionalChoice(DEADLINE_FILTERS),
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
    sort: choiceOr(REQUEST_SORT_KEYS, DEFAULT_REQUEST_SORT, msg('validation.sort.invalid')),
    dir: choiceOr(SORT_DIRECTIONS, DEFAULT_SORT_DIRECTION, msg('validation.sortDirection.invalid')),
  })
  .check(
    z.refine((query) => !query.from || !query.to || rangeStart(query.from) <= rangeEnd(query.to), {
      message: msg('validation.dateRange.order'),
      path: ['to'],
    }),
  );
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
  assignedToId: z.optional(z.nullable(idNumber('validation.assignee.invalid'))),
  notes: optionalText(2000),
  updatedAt: z
    .string({ error: msg('validation.updatedAt.required') })
    .check(z.minLength(1, msg('validation.updatedAt.required'))),
  templateId: z.optional(z.nullable(idNumber('validation.replyTemplate.invalid'))),
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
  .string({ error: msg('validation.transfer.reasonRequired') })
  .check(
    z.trim(),
    z.minLength(1, msg('validation.transfer.reasonRequired')),
    z.maxLength(TRANSFER_REASON_MAX, msg('validation.tooLong')),
  );
const seenAt = z
  .string({ error: msg('validation.updatedAt.required') })
  .check(z.minLength(1, msg('validation.updatedAt.required')));

/**
 * POST /api/admin/repair-requests/:id/transfer: the request goes to another (active) company,
 * keeping its status; `updatedAt` is the value read with the request (409 when stale).
 */
export const transferRepairRequestSchema = z.object({
  companyId: idNumber('validation.transfer.companyInvalid'),
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
  z.object({ action: z.literal('assignee'), assignedToId: z.nullable(idNumber('validation.assignee.invalid')) }),
  z.object({
    action: z.literal('company'),
    companyId: idNumber('validation.transfer.companyInvalid'),
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
        .check(z.minLength(1, msg('validation.bulk.empty')), z.maxLength(BULK_LIMIT, msg('validation.bulk.tooMany'))),
    ),
    filter: z.optional(adminRequestListQuerySchema),
  })
  .check(
    z.refine((body) => (body.items === undefined) !== (body.filter === undefined), {
      message: msg('validation.bulk.itemsOrFilter'),
      path: ['items'],
    }),
    z.refine((body) => new Set(body.items?.map((item) => item.id)).size === (body.items?.length ?? 0), {
      message: msg('validation.bulk.duplicate'),
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
