// Reports (decision 0002 §3, §10, §16): the filters shared by the three reports, as they travel
// in the page URL and in the API query string, and the JSON each report answers with.
import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_ID, PAGE_SIZES } from '../constants.ts';
import { PROBLEM_TYPES, REQUEST_STATUSES } from '../enums.ts';
import { type MessageKey, msg } from '../i18n/message-key.ts';
import { SERVICE_TIME_ZONE } from '../time-zone.ts';
import { optionalPoleFilter } from './admin-request-filters.ts';
import { idFromText } from './fields.ts';

export const REPORT_KINDS = ['requests', 'area', 'location-map', 'sla', 'ratings'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Calendar days in filters and dates in exports are read in the service's own time zone. */
export const REPORT_TIME_ZONE = SERVICE_TIME_ZONE;
/** The location map asks for many points at once; other reports page by PAGE_SIZES. */
export const MAP_POINT_LIMIT = 5000;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const dateText = z
  .string({ error: msg('admin-reports.validation.reports.date') })
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, msg('admin-reports.validation.reports.date')),
    z.refine(isCalendarDate, msg('admin-reports.validation.reports.date')),
  );

function positiveInt(key: MessageKey, maxDigits = 10) {
  return z.pipe(
    z.string({ error: key }).check(
      z.regex(new RegExp(`^[1-9]\\d{0,${maxDigits - 1}}$`), key),
      z.refine((value) => Number(value) <= MAX_ID, key),
    ),
    z.transform(Number),
  );
}

/** Blank query values ('' from an empty select) mean "not filtered". */
function optionalQuery<T extends z.ZodMiniType>(schema: T): z.ZodMiniOptional<T> {
  // Typed as the optional schema it ends in: the leading step only maps '' to undefined.
  const blankAsMissing = z.transform(emptyToUndefined) as unknown as z.ZodMiniType<unknown, unknown>;
  return z.pipe(blankAsMissing, z.optional(schema) as z.ZodMiniType) as unknown as z.ZodMiniOptional<T>;
}

const filterFields = {
  status: optionalQuery(z.enum(REQUEST_STATUSES, { error: msg('admin-reports.validation.reports.status') })),
  startDate: optionalQuery(dateText),
  endDate: optionalQuery(dateText),
  q: optionalQuery(
    z
      .string({ error: msg('common.validation.invalidType') })
      .check(z.trim(), z.maxLength(100, msg('common.validation.tooLong'))),
  ),
  assigneeId: optionalQuery(idFromText('admin-reports.validation.reports.assignee')),
  companyId: optionalQuery(idFromText('admin-reports.validation.reports.company')),
  problemType: optionalQuery(z.enum(PROBLEM_TYPES, { error: msg('common.validation.problemType.invalid') })),
  /** A pole number, normalised, matched exactly (as the operators' list reads it). */
  pole: z.optional(optionalPoleFilter),
  /** An area key as areaKey() builds it: "city|district", either part empty when unknown. */
  area: optionalQuery(
    z.string({ error: msg('common.validation.invalidType') }).check(z.maxLength(400, msg('common.validation.tooLong'))),
  ),
};

const endNotBeforeStart = z.refine<{ startDate?: string | undefined; endDate?: string | undefined }>(
  (f) => !f.startDate || !f.endDate || f.endDate >= f.startDate,
  { message: msg('admin-reports.validation.reports.dateRange'), path: ['endDate'] },
);

export const reportFiltersSchema = z.object(filterFields).check(endNotBeforeStart);
export type ReportFilters = z.output<typeof reportFiltersSchema>;

const pageSizeText = z.pipe(
  z.enum(PAGE_SIZES.map(String) as [string, ...string[]], { error: msg('admin-reports.validation.reports.pageSize') }),
  z.transform(Number),
);

export const reportQuerySchema = z
  .object({
    ...filterFields,
    page: z.pipe(
      z.transform(emptyToUndefined),
      z.prefault(positiveInt('admin-reports.validation.reports.page', 6), '1'),
    ),
    pageSize: z.pipe(z.transform(emptyToUndefined), z.prefault(pageSizeText, String(DEFAULT_PAGE_SIZE))),
  })
  .check(endNotBeforeStart);
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** The location map pages by up to MAP_POINT_LIMIT points. */
export const mapQuerySchema = z
  .object({
    ...filterFields,
    page: z.pipe(
      z.transform(emptyToUndefined),
      z.prefault(positiveInt('admin-reports.validation.reports.page', 6), '1'),
    ),
    pageSize: z.pipe(
      z.transform(emptyToUndefined),
      z.prefault(
        positiveInt('admin-reports.validation.reports.pageSize', 5).check(
          z.refine((n) => n <= MAP_POINT_LIMIT, msg('admin-reports.validation.reports.pageSize')),
        ),
        String(MAP_POINT_LIMIT),
      ),
    ),
  })
  .check(endNotBeforeStart);

/** The filter names, in the order the filters are listed in exports and the URL. */
export const FILTER_NAMES = [
  'status',
  'startDate',
  'endDate',
  'q',
  'assigneeId',
  'companyId',
  'problemType',
  'area',
  'pole',
] as const satisfies readonly (keyof ReportFilters)[];

export function areaKey(city: string | null, district: string | null): string {
  return `${city ?? ''}|${district ?? ''}`;
}

export function parseAreaKey(key: string): { city: string | null; district: string | null } {
  const bar = key.indexOf('|');
  const city = bar < 0 ? key : key.slice(0, bar);
  const district = bar < 0 ? '' : key.slice(bar + 1);
  return { city: city || null, district: district || null };
}

const count = z.number();
const statusCounts = z.object({ open: count, in_progress: count, completed: count, cancelled: count });
export type StatusCounts = z.infer<typeof statusCounts>;

export const reportSummarySchema = z.object({
  total: count,
  byStatus: statusCounts,
  byProblemType: z.object({ LIGHT_OUT: count, NO_LAMP: count, FALLEN_POLE: count, POLE_DAMAGE: count }),
  byCompany: z.array(z.object({ companyId: z.number(), name: z.string(), count })),
  /** Time from creation to completion of the completed requests, in seconds; null when none. */
  completion: z.object({
    count,
    medianSeconds: z.nullable(z.number()),
    p90Seconds: z.nullable(z.number()),
  }),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

const paging = {
  page: z.number(),
  pageSize: z.number(),
  /** Number of rows across all pages. */
  totalRows: z.number(),
  generatedAt: z.string(),
};

export const requestsReportRowSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  status: z.enum(REQUEST_STATUSES),
  problemType: z.enum(PROBLEM_TYPES),
  address: z.string(),
  city: z.nullable(z.string()),
  district: z.nullable(z.string()),
  companyId: z.number(),
  companyName: z.string(),
  assigneeId: z.nullable(z.number()),
  assignee: z.nullable(z.string()),
  /** The pole the request was filed on, as filed; null when none. */
  poleNumber: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  /** Whole days open so far (open, in progress) or taken to complete (completed); null when cancelled. */
  days: z.nullable(z.number()),
});
export type RequestsReportRow = z.infer<typeof requestsReportRowSchema>;

export const requestsReportSchema = z.object({
  ...paging,
  summary: reportSummarySchema,
  rows: z.array(requestsReportRowSchema),
});
export type RequestsReport = z.infer<typeof requestsReportSchema>;

export const areaReportRowSchema = z.object({
  key: z.string(),
  city: z.nullable(z.string()),
  district: z.nullable(z.string()),
  total: count,
  byStatus: statusCounts,
  /** Share of all matching requests, 0..1. */
  share: z.number(),
  medianSeconds: z.nullable(z.number()),
});
export type AreaReportRow = z.infer<typeof areaReportRowSchema>;

export const areaReportSchema = z.object({
  ...paging,
  summary: reportSummarySchema,
  rows: z.array(areaReportRowSchema),
});
export type AreaReport = z.infer<typeof areaReportSchema>;

export const mapPointSchema = z.object({
  id: z.number(),
  lat: z.number(),
  lon: z.number(),
  status: z.enum(REQUEST_STATUSES),
  problemType: z.enum(PROBLEM_TYPES),
  address: z.string(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

export const locationMapReportSchema = z.object({
  ...paging,
  summary: reportSummarySchema,
  rows: z.array(mapPointSchema),
});
export type LocationMapReport = z.infer<typeof locationMapReportSchema>;

/** Repair deadlines (decision 0029): one row per energy company and problem type. */
export const slaReportRowSchema = z.object({
  companyId: z.number(),
  companyName: z.string(),
  problemType: z.enum(PROBLEM_TYPES),
  /** Completed requests. */
  repaired: count,
  /** Completed by their due time (closed_at <= due_at). */
  repairedWithinTarget: count,
  /** repairedWithinTarget / repaired, 0..1; null when none was repaired. */
  withinTargetShare: z.nullable(z.number()),
  /** Time from filing to completion (closed_at - created_at), in seconds; null when none. */
  medianSeconds: z.nullable(z.number()),
  p90Seconds: z.nullable(z.number()),
  /** Open or in progress past their due time now. */
  overdue: count,
});
export type SlaReportRow = z.infer<typeof slaReportRowSchema>;

export const slaReportSchema = z.object({
  ...paging,
  summary: reportSummarySchema,
  rows: z.array(slaReportRowSchema),
});
export type SlaReport = z.infer<typeof slaReportSchema>;

/** Citizens' ratings (issue 35, decision 0050): one row per energy company, of the requests the filters select. */
export const ratingsReportRowSchema = z.object({
  companyId: z.number(),
  companyName: z.string(),
  /** Rated requests. */
  ratings: count,
  /** Their mean score, 1..5. */
  averageScore: z.number(),
  /** Rated 1 or 2, and 4 or 5. */
  low: count,
  high: count,
});
export type RatingsReportRow = z.infer<typeof ratingsReportRowSchema>;

export const ratingsReportSchema = z.object({
  ...paging,
  summary: reportSummarySchema,
  rows: z.array(ratingsReportRowSchema),
});
export type RatingsReport = z.infer<typeof ratingsReportSchema>;

export const reportOptionsSchema = z.object({
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
  assignees: z.array(z.object({ id: z.number(), name: z.string() })),
  areas: z.array(z.object({ key: z.string(), city: z.nullable(z.string()), district: z.nullable(z.string()) })),
});
export type ReportOptions = z.infer<typeof reportOptionsSchema>;
