// The crew's side of issue 37 (decision 0068): what a crew account's phone downloads for the
// day, the actions done at a stop (often offline, queued on the phone), and the sync that
// applies them once each by their idempotency key. The office's side is in work-orders.ts.
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';
import { idNumber, optionalText, requiredText } from './fields.ts';
import { daySchema, NOT_POSSIBLE_REASONS, stopShape, WORK_ORDER_STATES } from './work-orders.ts';

export const CREW_ACTION_KINDS = ['arrive', 'fix', 'not_possible'] as const;
export type CrewActionKind = (typeof CREW_ACTION_KINDS)[number];

/** The most actions one sync takes (a crew's day is about 30 stops, three actions each at most). */
export const CREW_SYNC_MAX_ACTIONS = 100;
export const CREW_NOTES_MAX = 1000;
export const CREW_MATERIALS_MAX = 20;
export const MATERIAL_QUANTITY_MAX = 999;
export const MATERIAL_NAME_MAX = 80;
/** A phone's key for one action or one photo: made on the phone (a UUID), kept until synced. */
export const CREW_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const keyField = z
  .string({ error: msg('field-work.validation.key') })
  .check(z.regex(CREW_KEY_PATTERN, msg('field-work.validation.key')));
/** When it happened on the phone's clock, ISO 8601 with an offset or Z. */
const AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const atField = z.string({ error: msg('field-work.validation.at') }).check(
  z.refine(
    // With its offset or Z: a time without one would be read in the server's zone, not the phone's.
    (text) => AT_PATTERN.test(text) && !Number.isNaN(Date.parse(text)),
    msg('field-work.validation.at'),
  ),
);
/** The request's updatedAt as the phone last saw it: the office's changes since then are a conflict. */
const seenField = z
  .string({ error: msg('field-work.validation.seen') })
  .check(z.minLength(1, msg('field-work.validation.seen')), z.maxLength(40, msg('field-work.validation.seen')));
const notesField = z.optional(z.nullable(optionalText(CREW_NOTES_MAX)));

export const materialUseSchema = z.strictObject({
  materialId: idNumber('field-work.validation.material'),
  quantity: z
    .number({ error: msg('field-work.validation.quantity') })
    .check(
      z.int(msg('field-work.validation.quantity')),
      z.gte(1, msg('field-work.validation.quantity')),
      z.lte(MATERIAL_QUANTITY_MAX, msg('field-work.validation.quantity')),
    ),
});
export type MaterialUse = z.output<typeof materialUseSchema>;

const base = { key: keyField, stopId: idNumber('field-work.validation.stop'), at: atField, seenUpdatedAt: seenField };

/** One action at one stop. `fix` completes the request; `not_possible` leaves it open for the office. */
export const crewActionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...base, kind: z.literal('arrive') }),
  z.strictObject({
    ...base,
    kind: z.literal('fix'),
    notes: notesField,
    materials: z._default(
      z
        .array(materialUseSchema, { error: msg('field-work.validation.materials') })
        .check(z.maxLength(CREW_MATERIALS_MAX, msg('field-work.validation.materials'))),
      [],
    ),
    /** Keys of photos uploaded first with PUT /api/crew/photos/:key (at most 3). */
    photoKeys: z._default(z.array(keyField).check(z.maxLength(3, msg('field-work.validation.photos'))), []),
  }),
  z.strictObject({
    ...base,
    kind: z.literal('not_possible'),
    reason: z.enum(NOT_POSSIBLE_REASONS, { error: msg('field-work.validation.reason') }),
    notes: notesField,
    /** With `not_ours`: the company the crew thinks the pole belongs to, proposed to the office. */
    proposedCompanyId: z.optional(z.nullable(idNumber('common.validation.company.invalid'))),
  }),
]);
export type CrewAction = z.output<typeof crewActionSchema>;
export type CrewActionInput = z.input<typeof crewActionSchema>;

/** POST /api/crew/sync: the phone's queue, oldest first. */
export const crewSyncInputSchema = z.strictObject({
  actions: z
    .array(crewActionSchema, { error: msg('field-work.validation.actions') })
    .check(
      z.minLength(1, msg('field-work.validation.actions')),
      z.maxLength(CREW_SYNC_MAX_ACTIONS, msg('field-work.validation.actions')),
    ),
});
export type CrewSyncInput = z.input<typeof crewSyncInputSchema>;

/** The request as a crew sees it: what the pole needs, never the citizen's name, e-mail or phone. */
export const crewStopSchema = z.object({
  ...stopShape,
  /** The request is still this crew's company's; false after a transfer (details withheld then). */
  inScope: z.boolean(),
  updatedAt: z.string(),
  reference: z.nullable(z.string()),
  description: z.nullable(z.string()),
});
export type CrewStop = z.infer<typeof crewStopSchema>;

export const crewWorkOrderSchema = z.object({
  id: z.number(),
  day: z.string(),
  state: z.enum(WORK_ORDER_STATES),
  crewName: z.string(),
  companyName: z.string(),
  stops: z.array(crewStopSchema),
});
export type CrewWorkOrder = z.infer<typeof crewWorkOrderSchema>;

export const materialSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  unit: z.string(),
  active: z.boolean(),
});
export type Material = z.infer<typeof materialSchema>;

/** GET /api/crew/day?day=: everything the phone needs for the day offline. */
export const crewDaySchema = z.object({
  day: z.string(),
  crew: z.object({ id: z.number(), name: z.string(), companyId: z.number(), companyName: z.string() }),
  workOrders: z.array(crewWorkOrderSchema),
  /** The company's materials list (active ones), for "Consertado". */
  materials: z.array(materialSchema),
  /** Other active companies, for "not ours" proposals. */
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type CrewDay = z.infer<typeof crewDaySchema>;
export const crewDayQuerySchema = z.object({ day: daySchema });

/**
 * One action's result. `applied` now; `replayed` applied before under the same key (the same
 * answer again); `conflict` the office changed the request since the phone saw it: nothing
 * written, the request as it is now is sent; `refused` a 4xx-like reason in the reader's language.
 */
export const crewActionResultSchema = z.object({
  key: z.string(),
  result: z.enum(['applied', 'replayed', 'conflict', 'refused']),
  stop: z.nullable(crewStopSchema),
  message: z.nullable(z.string()),
});
export type CrewActionResult = z.infer<typeof crewActionResultSchema>;
export const crewSyncResultSchema = z.object({ results: z.array(crewActionResultSchema) });
export type CrewSyncResult = z.infer<typeof crewSyncResultSchema>;

export const photoUploadResultSchema = z.object({ key: z.string(), width: z.number(), height: z.number() });

/** Admin: the company's materials list (decision 0068). */
export const materialInputSchema = z.strictObject({
  companyId: idNumber('common.validation.company.invalid'),
  name: requiredText('field-work.validation.materialName', MATERIAL_NAME_MAX),
  unit: requiredText('field-work.validation.materialUnit', 20),
});
export const materialPatchSchema = z.strictObject({
  name: z.optional(requiredText('field-work.validation.materialName', MATERIAL_NAME_MAX)),
  unit: z.optional(requiredText('field-work.validation.materialUnit', 20)),
  active: z.optional(z.boolean({ error: msg('common.validation.invalidType') })),
});

// --- The materials list on the admin side (crew accounts and materials, issue 37) ---

export type MaterialInput = z.output<typeof materialInputSchema>;
export type MaterialPatch = z.output<typeof materialPatchSchema>;
