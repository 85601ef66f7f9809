// "Already reported nearby", following a request, unsubscribing, and marking duplicates
// (issues 22 and 23, decision 0034). A follower's e-mail goes in and never comes out.
import * as z from 'zod/mini';
import { PROBLEM_TYPES, REQUEST_STATUSES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';
import { idFromText, idNumber, numericText } from './fields.ts';

/** Radius of the citizen's "already reported nearby" (issue 22), in metres. */
export const NEARBY_RADIUS_M = 50;
/** Radius of the operators' duplicate suggestions (issue 23), in metres. */
export const DUPLICATE_RADIUS_M = 100;
/** At most this many nearby requests are shown (FixMyStreet shows up to 5). */
export const NEARBY_MAX = 5;
/** At most this many citizens follow one request: more is a list being built, not a neighbourhood. */
export const FOLLOWERS_MAX = 200;

export const nearbyQuerySchema = z.object({
  lat: z.pipe(
    numericText('common.validation.latitude.required', 'common.validation.latitude.invalid', -90, 90),
    z.transform(Number),
  ),
  lng: z.pipe(
    numericText('common.validation.longitude.required', 'common.validation.longitude.invalid', -180, 180),
    z.transform(Number),
  ),
  pole: z.optional(idFromText('public-poles.validation.pole.invalid')),
});
export type NearbyQuery = z.output<typeof nearbyQuerySchema>;

/** An open request near a point, as a stranger may see it: never a name, e-mail, phone or note. */
export const nearbyRequestSchema = z.object({
  id: z.number(),
  problemType: z.enum(PROBLEM_TYPES),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  /** Metres from the point asked about, rounded; 0 when only the pole matched it. */
  distance: z.number(),
  samePole: z.boolean(),
});
export type NearbyRequest = z.infer<typeof nearbyRequestSchema>;
export const nearbyResponseSchema = z.object({ items: z.array(nearbyRequestSchema) });
export type NearbyResponse = z.infer<typeof nearbyResponseSchema>;

export const followRequestSchema = z.object({
  email: z
    .string({ error: msg('followers.validation.email.required') })
    .check(
      z.trim(),
      z.minLength(1, msg('followers.validation.email.required')),
      z.maxLength(254, msg('common.validation.email.invalid')),
      z.email(msg('common.validation.email.invalid')),
      z.toLowerCase(),
    ),
  captchaToken: z.optional(z.string().check(z.maxLength(10_000))),
});
export type FollowRequestInput = z.input<typeof followRequestSchema>;
export type FollowRequest = z.output<typeof followRequestSchema>;

/** The same answer whether the e-mail was new or already followed: it reveals nobody. */
export const followResponseSchema = z.object({ following: z.literal(true), emailQueued: z.boolean() });
export type FollowResponse = z.infer<typeof followResponseSchema>;

export const unsubscribeSchema = z.object({
  token: z
    .string({ error: msg('followers.errors.unsubscribeInvalid') })
    .check(
      z.minLength(1, msg('followers.errors.unsubscribeInvalid')),
      z.maxLength(200, msg('followers.errors.unsubscribeInvalid')),
    ),
});
export const unsubscribeResponseSchema = z.object({ requestId: z.number() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

export const markDuplicateSchema = z.object({
  originalId: idNumber('followers.validation.duplicateOf.invalid'),
  updatedAt: z
    .string({ error: msg('admin-operations.validation.updatedAt.required') })
    .check(z.minLength(1, msg('admin-operations.validation.updatedAt.required'))),
});
export type MarkDuplicateInput = z.input<typeof markDuplicateSchema>;
export type MarkDuplicate = z.output<typeof markDuplicateSchema>;

export const undoDuplicateSchema = z.object({
  updatedAt: z
    .string({ error: msg('admin-operations.validation.updatedAt.required') })
    .check(z.minLength(1, msg('admin-operations.validation.updatedAt.required'))),
});
export type UndoDuplicate = z.output<typeof undoDuplicateSchema>;

/** An open request an operator may name as the original (in their scope, within 100 m or on the same pole). */
export const duplicateCandidateSchema = z.object({
  id: z.number(),
  problemType: z.enum(PROBLEM_TYPES),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  distance: z.number(),
  samePole: z.boolean(),
});
export const duplicateCandidatesSchema = z.object({ items: z.array(duplicateCandidateSchema) });
export type DuplicateCandidates = z.infer<typeof duplicateCandidatesSchema>;
