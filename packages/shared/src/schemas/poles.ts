// Poles (issue 21): the registry's payloads, the public map layer, and the number rule.
// A pole number is unique within its company (decision 20) and appears in the label's
// address `{PUBLIC_URL}/p/{companyId}/{number}`, so it is kept to characters a path
// carries as they are: letters, digits, dot, hyphen and underscore, stored upper case.
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';
import { idNumber, optionalText } from './fields.ts';

export const POLE_NUMBER_MAX = 32;
const POLE_NUMBER = /^[A-Z0-9][A-Z0-9._-]*$/;

/** Normalises what a person typed or a file held: trimmed, upper case, inner spaces to hyphens. */
export function normalisePoleNumber(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, '-');
}

/** Whether `text` (already normalised) is a valid pole number. */
export function isPoleNumber(text: string): boolean {
  return text.length >= 1 && text.length <= POLE_NUMBER_MAX && POLE_NUMBER.test(text);
}

/** A pole number as typed: normalised, then judged. */
export const poleNumberSchema = z
  .pipe(
    z.string({
      error: (issue) =>
        issue.input == null ? 'common.validation.pole.numberRequired' : 'common.validation.invalidType',
    }),
    z.transform(normalisePoleNumber),
  )
  .check(
    z.refine((value: string) => value !== '', msg('common.validation.pole.numberRequired')),
    z.refine((value: string) => value === '' || isPoleNumber(value), msg('common.validation.pole.numberInvalid')),
  );

const coordinate = (
  min: number,
  max: number,
  key: 'common.validation.latitude.invalid' | 'common.validation.longitude.invalid',
) => z.number({ error: msg(key) }).check(z.refine((n) => Number.isFinite(n) && n >= min && n <= max, msg(key)));

export const poleInputSchema = z.object({
  companyId: idNumber('common.validation.company.invalid'),
  number: poleNumberSchema,
  latitude: coordinate(-90, 90, 'common.validation.latitude.invalid'),
  longitude: coordinate(-180, 180, 'common.validation.longitude.invalid'),
  street: optionalText(200),
  description: optionalText(500),
  active: z._default(z.boolean({ error: msg('common.validation.invalidType') }), true),
});
export type PoleInput = z.input<typeof poleInputSchema>;
export type PoleValues = z.output<typeof poleInputSchema>;

/** What anyone may read of a pole: where it is and whose it is, nothing else. */
export const publicPoleSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  number: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type PublicPole = z.infer<typeof publicPoleSchema>;

export const adminPoleSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  number: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  street: z.nullable(z.string()),
  description: z.nullable(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPole = z.infer<typeof adminPoleSchema>;

/**
 * The wizard map's layer for a bounding box (`GET /api/poles?bbox=minLng,minLat,maxLng,maxLat`):
 * the poles themselves when the box holds few enough, otherwise counts by cell (clusters).
 */
export const poleClusterSchema = z.object({ latitude: z.number(), longitude: z.number(), count: z.number() });
export type PoleCluster = z.infer<typeof poleClusterSchema>;
export const poleLayerSchema = z.object({
  poles: z.array(publicPoleSchema),
  clusters: z.array(poleClusterSchema),
});
export type PoleLayer = z.infer<typeof poleLayerSchema>;

/**
 * One pole found by its company and number (`GET /api/poles/{companyId}/{number}`), as the
 * QR address and the typed number need it: where it is, whose it is, and the open request
 * already filed for it, if any (the citizen is warned before filing a duplicate).
 */
export const poleLookupSchema = z.extend(publicPoleSchema, {
  companyName: z.string(),
  street: z.nullable(z.string()),
  openRequestId: z.nullable(z.number()),
});
export type PoleLookup = z.infer<typeof poleLookupSchema>;
