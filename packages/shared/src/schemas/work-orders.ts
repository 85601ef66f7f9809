// Crews and work orders (issue 37, decision 0067): a company's named crews, and the work order
// a supervisor makes for one crew and one day from a selection of open requests or all of an
// area, its stops ordered as a route. What the crew does at each stop joins with /campo.
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';
import { idNumber, requiredText } from './fields.ts';

export const CREW_NAME_MAX = 80;
/** The most stops one work order takes (a crew's day is about 30). */
export const WORK_ORDER_MAX_STOPS = 100;
export const WORK_ORDER_STATES = ['planned', 'in_progress', 'done', 'cancelled'] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];
export const STOP_OUTCOMES = ['fixed', 'not_possible'] as const;
export type StopOutcome = (typeof STOP_OUTCOMES)[number];

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

export const workOrderStopSchema = z.object({
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
