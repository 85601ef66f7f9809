// Public payloads of repair requests: creation (spec section 5) and what the public reads back.
import * as z from 'zod/mini';
import { REOPEN_NOTE_MAX } from '../constants.ts';
import { PROBLEM_TYPES, REQUEST_STATUSES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';
import { idText, numericText, optionalEmail, optionalText, requiredText } from './fields.ts';

const blank = (input: unknown) => input === undefined || input === null || input === '';

export const problemTypeSchema = z.enum(PROBLEM_TYPES, {
  error: (issue) =>
    msg(blank(issue.input) ? 'common.validation.problemType.required' : 'common.validation.problemType.invalid'),
});

export const requestStatusSchema = z.enum(REQUEST_STATUSES, {
  error: (issue) => msg(blank(issue.input) ? 'common.validation.status.required' : 'common.validation.invalid'),
});

/** What a phone number may be written with: digits, spaces, ()+.- and at least eight of them. */
export const PHONE_FORMAT = /^[\d\s()+.-]{8,}$/;

/** Wizard step 1: contact. Initial values are empty strings. */
export const contactSchema = z.object({
  name: optionalText(120),
  email: optionalEmail(),
  phone: requiredText('common.validation.phone.required', 40).check(
    z.regex(PHONE_FORMAT, msg('common.validation.phone.invalid')),
  ),
});

export const latitudeText = numericText(
  'common.validation.latitude.required',
  'common.validation.latitude.invalid',
  -90,
  90,
);
export const longitudeText = numericText(
  'common.validation.longitude.required',
  'common.validation.longitude.invalid',
  -180,
  180,
);

export const createRepairRequestSchema = z.extend(contactSchema, {
  address: requiredText('common.validation.address.required', 500),
  reference: optionalText(500),
  problemType: problemTypeSchema,
  latitude: latitudeText,
  longitude: longitudeText,
  company: idText('common.validation.company.required', 'common.validation.company.invalid'),
  /** The registry's pole the request is about (issue 21), as its id in text like `company`; optional. */
  pole: z.optional(idText('public-poles.validation.pole.invalid', 'public-poles.validation.pole.invalid')),
  captchaToken: z.optional(z.string().check(z.maxLength(10_000))),
  /** Notices by SMS to the phone given (issue 36): off unless the citizen ticks the box. */
  notifySms: z.optional(z.boolean({ error: msg('common.validation.invalidType') })),
  /** Notices by WhatsApp to the phone given (issue 36): off unless the citizen ticks the box. */
  notifyWhatsapp: z.optional(z.boolean({ error: msg('common.validation.invalidType') })),
});
export type CreateRepairRequestInput = z.input<typeof createRepairRequestSchema>;
export type CreateRepairRequest = z.output<typeof createRepairRequestSchema>;

export const createRepairRequestResponseSchema = z.object({
  id: z.number(),
  companyName: z.string(),
  trackingToken: z.string(),
  /** Whether a confirmation e-mail was queued: sending is on and the citizen gave an address. */
  emailQueued: z.boolean(),
  /** Whether the SMS confirmation was queued: the citizen asked, SMS is on and the number did not reply SAIR. */
  smsQueued: z.boolean(),
  /** Whether the WhatsApp confirmation was queued: the citizen asked, WhatsApp is on and the number did not stop it. */
  whatsappQueued: z.boolean(),
  /** When the repair is due, from the company's target for the problem (decision 0029); null without a target. */
  dueAt: z.nullable(z.string()),
});
export type CreateRepairRequestResponse = z.infer<typeof createRepairRequestResponseSchema>;

export const publicTimelineEntrySchema = z.object({
  status: z.enum(REQUEST_STATUSES),
  at: z.string(),
  /** Present (true) on the change a citizen's reopen made (issue 22). */
  reopened: z.optional(z.boolean()),
});

export const publicRepairRequestSchema = z.object({
  id: z.number(),
  name: z.nullable(z.string()),
  phone: z.string(),
  email: z.nullable(z.string()),
  address: z.string(),
  reference: z.nullable(z.string()),
  problemType: z.enum(PROBLEM_TYPES),
  latitude: z.string(),
  longitude: z.string(),
  company: z.string(),
  companyName: z.string(),
  companyFullName: z.string(),
  /** The number of the pole the request is about, as filed (a pole's number is public, not contact data). */
  poleNumber: z.nullable(z.string()),
  status: z.enum(REQUEST_STATUSES),
  /** The request this one was merged into as a duplicate (issue 23); null or absent otherwise. */
  duplicateOf: z.optional(z.nullable(z.number())),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it reached completed or cancelled; null while open or in progress (a reopen counts from it). */
  closedAt: z.nullable(z.string()),
  /** True when contact fields are masked because the tracking token was missing or wrong. */
  masked: z.boolean(),
  /** When the repair is due while open or in progress; null otherwise, as Open311's expected_datetime (decision 0052). */
  dueAt: z.nullable(z.string()),
  /** Moved to another company since filing: a transfer keeps the due time (decision 0029); never the reason. */
  transferred: z.boolean(),
  timeline: z.array(publicTimelineEntrySchema),
  /** The citizen's rating once given (issue 35): its score and when; the comment is never public. */
  rating: z.optional(z.nullable(z.object({ score: z.number(), at: z.string() }))),
});
export type PublicRepairRequest = z.infer<typeof publicRepairRequestSchema>;

/** "Still broken": the tracking link's token proves the reader is the citizen; the note is required. */
export const reopenRepairRequestSchema = z.object({
  token: z
    .string({ error: () => msg('public-drafts.validation.reopenToken.required') })
    .check(
      z.minLength(1, msg('public-drafts.validation.reopenToken.required')),
      z.maxLength(200, msg('public-drafts.validation.reopenToken.required')),
    ),
  note: requiredText('public-drafts.validation.reopenNote.required', REOPEN_NOTE_MAX),
});
export type ReopenRepairRequest = z.output<typeof reopenRepairRequestSchema>;
