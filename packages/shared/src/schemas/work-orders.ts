// Crews and work orders (issue 37, decision 0067): a company's named crews, and the work order
// a supervisor makes for one crew and one day from a selection of open requests or all of an
// area, its stops ordered as a route. What the crew does at each stop joins with /campo.
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';
import { companyIdParam, idFromText, idNumber, idParam, requiredText } from './fields.ts';
import { photoSizes } from './photos.ts';

export const CREW_NAME_MAX = 80;
/** The most stops one work order takes (a crew's day is about 30). */
export const WORK_ORDER_MAX_STOPS = 100;
export const WORK_ORDER_STATES = ['planned', 'in_progress', 'done', 'cancelled'] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];
export const STOP_OUTCOMES = ['fixed', 'not_possible'] as const;
export type StopOutcome = (typeof STOP_OUTCOMES)[number];
/** Why a stop could not be done: no access, needs a lift truck, not our network (proposes a transfer). */
export const NOT_POSSIBLE_REASONS = ['no_access', 'needs_lift', 'not_ours'] as const;
export type NotPossibleReason = (typeof NOT_POSSIBLE_REASONS)[number];

export const crewInputSchema = z.strictObject({
  companyId: idNumber('common.validation.company.invalid'),
  name: requiredText('admin-work.validation.crewNameRequired', CREW_NAME_MAX),
});
export type CrewInput = z.input<typeof crewInputSchema>;
export type CrewValues = z.output<typeof crewInputSchema>;

export const crewPatchSchema = z.strictObject({
  name: z.optional(requiredText('admin-work.validation.crewNameRequired', CREW_NAME_MAX)),
  active: z.optional(z.boolean({ error: msg('common.validation.invalidType') })),
});
export type CrewPatch = z.output<typeof crewPatchSchema>;

export const crewSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  name: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Crew = z.infer<typeof crewSchema>;

const DAY_KEY = msg('admin-work.validation.day');
/** A calendar day, YYYY-MM-DD, that exists. */
export const daySchema = z.string({ error: DAY_KEY }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, DAY_KEY),
  z.refine((text) => {
    const date = new Date(`${text}T12:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, DAY_KEY),
);

const coordinate = (limit: number, key: Parameters<typeof msg>[0]) =>
  z.number({ error: msg(key) }).check(z.gte(-limit, msg(key)), z.lte(limit, msg(key)));

const START_KEY = 'admin-work.validation.start' as const;
const AREA_KEY = 'admin-work.validation.area' as const;

export const pointSchema = z.strictObject(
  { lat: coordinate(90, START_KEY), lng: coordinate(180, START_KEY) },
  { error: msg(START_KEY) },
);

/** A map's bounds: every open request of the crew's company inside it. */
export const areaSchema = z
  .strictObject(
    {
      south: coordinate(90, AREA_KEY),
      west: coordinate(180, AREA_KEY),
      north: coordinate(90, AREA_KEY),
      east: coordinate(180, AREA_KEY),
    },
    { error: msg(AREA_KEY) },
  )
  .check(z.refine((a) => a.south < a.north && a.west < a.east, msg(AREA_KEY)));
export type Area = z.output<typeof areaSchema>;

const REQUESTS_KEY = msg('admin-work.validation.requests');

/** POST /api/admin/work-orders: a crew, a day, and the requests by selection or by area. */
export const workOrderInputSchema = z
  .strictObject({
    crewId: idNumber('admin-work.errors.crewNotFound'),
    day: daySchema,
    requestIds: z.optional(
      z.array(idNumber(), { error: REQUESTS_KEY }).check(
        z.minLength(1, REQUESTS_KEY),
        z.maxLength(WORK_ORDER_MAX_STOPS, REQUESTS_KEY),
        z.refine((ids) => new Set(ids).size === ids.length, REQUESTS_KEY),
      ),
    ),
    area: z.optional(areaSchema),
    start: z.optional(z.nullable(pointSchema)),
    overdueFirst: z.optional(z.boolean({ error: msg('common.validation.invalidType') })),
  })
  .check(
    z.refine((v) => (v.requestIds === undefined) !== (v.area === undefined), {
      message: msg('admin-work.validation.requestsOrArea'),
      path: ['requestIds'],
    }),
  );
export type WorkOrderInput = z.input<typeof workOrderInputSchema>;
export type WorkOrderValues = z.output<typeof workOrderInputSchema>;

/** A material the crew used at a stop, from its company's list. */
export const stopMaterialSchema = z.object({ name: z.string(), unit: z.string(), quantity: z.number() });
export type StopMaterial = z.infer<typeof stopMaterialSchema>;

/** A photo the crew attached to a stop; its bytes at GET /api/admin/work-orders/:id/photos/:photoId. */
export const stopPhotoSchema = z.object({ id: z.number(), width: z.number(), height: z.number() });
export type StopPhoto = z.infer<typeof stopPhotoSchema>;

/** GET /api/admin/work-orders/:id/photos/:photoId: a photo of one of the order's stops. */
export const workOrderPhotoParamsSchema = z.object({ id: idParam, photoId: idParam });
/** The full image (the default) or its thumbnail. */
export const workOrderPhotoQuerySchema = z.object({
  size: z._default(z.enum(photoSizes, { error: msg('common.validation.invalid') }), 'full'),
});

/** A stop as both the office and the crew read it: its request, its place, and what the crew recorded. */
export const stopShape = {
  id: z.number(),
  position: z.number(),
  requestId: z.number(),
  address: z.string(),
  problemType: z.string(),
  poleNumber: z.nullable(z.string()),
  latitude: z.number(),
  longitude: z.number(),
  status: z.string(),
  dueAt: z.nullable(z.string()),
  overdue: z.boolean(),
  arrivedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  outcome: z.nullable(z.enum(STOP_OUTCOMES)),
  // What the crew recorded at the stop (decision 0068).
  reason: z.nullable(z.enum(NOT_POSSIBLE_REASONS)),
  notes: z.nullable(z.string()),
};

export const workOrderStopSchema = z.object({
  ...stopShape,
  /** With reason `not_ours`: the name of the company the crew proposed, if any. */
  proposedCompany: z.nullable(z.string()),
  materials: z.array(stopMaterialSchema),
  photos: z.array(stopPhotoSchema),
});
export type WorkOrderStop = z.infer<typeof workOrderStopSchema>;

export const workOrderSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  crewId: z.number(),
  crewName: z.string(),
  day: z.string(),
  state: z.enum(WORK_ORDER_STATES),
  startLat: z.nullable(z.number()),
  startLng: z.nullable(z.number()),
  overdueFirst: z.boolean(),
  /** The route's length from the start through every stop, in metres (straight lines). */
  routeMetres: z.number(),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
  stops: z.array(workOrderStopSchema),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

/** A work order in the day's list: its stops counted, not listed. */
export const workOrderSummarySchema = z.object({
  id: z.number(),
  companyId: z.number(),
  crewId: z.number(),
  crewName: z.string(),
  day: z.string(),
  state: z.enum(WORK_ORDER_STATES),
  stops: z.number(),
  done: z.number(),
});
export type WorkOrderSummary = z.infer<typeof workOrderSummarySchema>;

// The office's reading of the field work (issue 37): the dispatch board of one day and the
// crew report over a period. A stop's outcome and times come from the crew's app.

/** The counts of a set of stops: fixed, not possible, and the rest still to visit. */
const stopCountsShape = {
  stops: z.number(),
  fixed: z.number(),
  notPossible: z.number(),
  pending: z.number(),
  /** Not finished past the request's due time, or finished after it. */
  late: z.number(),
  firstArrival: z.nullable(z.string()),
  lastFinish: z.nullable(z.string()),
};

export const boardQuerySchema = z.object({ day: daySchema, companyId: z.optional(companyIdParam) });
export type BoardQuery = z.output<typeof boardQuerySchema>;

export const boardWorkOrderSchema = z.object({ id: z.number(), state: z.enum(WORK_ORDER_STATES), ...stopCountsShape });
export type BoardWorkOrder = z.infer<typeof boardWorkOrderSchema>;

const boardCrewFields = { id: z.number(), name: z.string(), companyId: z.number(), companyName: z.string() };

/** A crew with work that day: its orders, and its counts over those not cancelled. */
export const boardCrewSchema = z.object({
  ...boardCrewFields,
  active: z.boolean(),
  ...stopCountsShape,
  workOrders: z.array(boardWorkOrderSchema),
});
export type BoardCrew = z.infer<typeof boardCrewSchema>;

/** GET /api/admin/work-orders/board: the day's crews with work, and the active ones without. */
export const dispatchBoardSchema = z.object({
  day: z.string(),
  crews: z.array(boardCrewSchema),
  idle: z.array(z.object(boardCrewFields)),
});
export type DispatchBoard = z.infer<typeof dispatchBoardSchema>;

/** The longest period the crew report covers, in days, both ends included. */
export const CREW_REPORT_MAX_DAYS = 366;
/** Rows of the crew report's JSON per page (the files hold them all). */
export const CREW_REPORT_PAGE_SIZE = 200;

const dayCount = (from: string, to: string) =>
  (Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 864e5 + 1;

const crewReportFields = {
  from: daySchema,
  to: daySchema,
  companyId: z.optional(companyIdParam),
  crewId: z.optional(idFromText()),
};
type CrewReportPeriod = { from: string; to: string };
const periodChecks = [
  z.refine<CrewReportPeriod>((f) => f.to >= f.from, {
    message: msg('admin-work.validation.reportOrder'),
    path: ['to'],
  }),
  z.refine<CrewReportPeriod>((f) => f.to < f.from || dayCount(f.from, f.to) <= CREW_REPORT_MAX_DAYS, {
    message: msg('admin-work.validation.reportRange'),
    path: ['to'],
  }),
];

/** The crew report's filters (its CSV and PDF): a period of at most 366 days, a company, a crew. */
export const crewReportFiltersSchema = z.object(crewReportFields).check(...periodChecks);
export type CrewReportFilters = z.output<typeof crewReportFiltersSchema>;

/** The JSON report's query: the filters and a page of the rows per crew and day. */
export const crewReportQuerySchema = z
  .object({ ...crewReportFields, page: z.optional(idFromText('common.validation.invalid')) })
  .check(...periodChecks);
export type CrewReportQuery = z.output<typeof crewReportQuerySchema>;

/** What a crew (or all) did: stops, fixed (at the first visit), not possible, median minutes on site. */
const crewFiguresShape = {
  stops: z.number(),
  fixed: z.number(),
  fixedFirstVisit: z.number(),
  notPossible: z.number(),
  /** Median of finished − arrived over the stops with both, in minutes to one decimal. */
  medianMinutes: z.nullable(z.number()),
};

export const crewReportRowSchema = z.object({
  day: z.string(),
  crewId: z.number(),
  crewName: z.string(),
  companyName: z.string(),
  ...crewFiguresShape,
});
export type CrewReportRow = z.infer<typeof crewReportRowSchema>;

export const crewReportCrewSchema = z.object({
  crewId: z.number(),
  crewName: z.string(),
  companyName: z.string(),
  ...crewFiguresShape,
});
export type CrewReportCrew = z.infer<typeof crewReportCrewSchema>;

/** GET /api/admin/work-orders/report: one page of rows per crew and day, each crew's, and the totals. */
export const crewReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object(crewFiguresShape),
  crews: z.array(crewReportCrewSchema),
  rows: z.array(crewReportRowSchema),
  rowCount: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type CrewReport = z.infer<typeof crewReportSchema>;
