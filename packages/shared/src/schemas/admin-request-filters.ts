// The operators' request-list query (spec section 5): its filters, order and page, each
// refused with a catalogue key when malformed; the bulk change's filter is the same query.
import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.ts';
import { PROBLEM_TYPES, REQUEST_STATUSES } from '../enums.ts';
import { type MessageKey, msg } from '../i18n/message-key.ts';
import { isIdText } from './fields.ts';
import { isPoleNumber, normalisePoleNumber } from './poles.ts';

const blank = (value: unknown) => value === undefined || value === null || value === '';
/** A query value that is absent, blank, or one of `values`. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (blank(value)) return undefined;
      if ((values as readonly string[]).includes(value as string)) return value as T[number];
      ctx.issues.push({ code: 'custom', message: msg('common.validation.invalid'), input: value });
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
    ctx.issues.push({ code: 'custom', message: msg('common.validation.pole.numberInvalid'), input: value });
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
    ctx.issues.push({ code: 'custom', message: msg('admin-operations.validation.date.invalid'), input: value });
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
      z.optional(z.string().check(z.maxLength(200, msg('common.validation.tooLong')))),
      z.transform((value) => value?.trim() || undefined),
    ),
    status: optionalChoice(REQUEST_STATUSES),
    problemType: optionalChoice(PROBLEM_TYPES),
    companyId: optionalId('admin-reports.validation.reports.company'),
    assignedToId: optionalId('admin-reports.validation.reports.assignee'),
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
        ctx.issues.push({ code: 'custom', message: msg('admin-operations.validation.page.invalid'), input: value });
        return z.NEVER;
      }),
    ),
    /** Opaque position after which the next page starts (keyset paging); `page` is then only echoed. */
    cursor: z.pipe(
      z.optional(z.string()),
      z.transform((value, ctx) => {
        if (blank(value)) return undefined;
        if (/^[A-Za-z0-9_-]{1,200}$/.test(value as string)) return value as string;
        ctx.issues.push({ code: 'custom', message: msg('common.validation.invalid'), input: value });
        return z.NEVER;
      }),
    ),
    pageSize: z.pipe(
      z.optional(z.string()),
      z.transform((value, ctx) => {
        if (blank(value)) return DEFAULT_PAGE_SIZE;
        const n = Number(value);
        if ((PAGE_SIZES as readonly number[]).includes(n)) return n;
        ctx.issues.push({ code: 'custom', message: msg('admin-operations.validation.pageSize.invalid'), input: value });
        return z.NEVER;
      }),
    ),
    sort: choiceOr(REQUEST_SORT_KEYS, DEFAULT_REQUEST_SORT, msg('admin-operations.validation.sort.invalid')),
    dir: choiceOr(SORT_DIRECTIONS, DEFAULT_SORT_DIRECTION, msg('admin-operations.validation.sortDirection.invalid')),
  })
  .check(
    z.refine((query) => !query.from || !query.to || rangeStart(query.from) <= rangeEnd(query.to), {
      message: msg('admin-operations.validation.dateRange.order'),
      path: ['to'],
    }),
  );
export type AdminRequestListQuery = z.output<typeof adminRequestListQuerySchema>;
export type AdminRequestListQueryInput = z.input<typeof adminRequestListQuerySchema>;
