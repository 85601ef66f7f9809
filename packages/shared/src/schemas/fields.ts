// Building blocks for payload schemas. Messages are catalogue keys (validation.*),
// turned into words in the reader's language by the API's error handler and the web forms.
// packages/shared uses zod/mini throughout: the same schemas ship in the public
// bundle, where classic zod would cost ~90 KB gzipped and mini ~5 KB.
import * as z from 'zod/mini';
import { MAX_ID } from '../constants.ts';

const isMissing = (input: unknown) => input === undefined || input === null;

/** A required trimmed string; `requiredKey` for missing or blank, `validation.invalidType` for another type. */
export function requiredText(requiredKey: string, max = 500) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? requiredKey : 'validation.invalidType') })
    .check(z.trim(), z.minLength(1, requiredKey), z.maxLength(max, 'validation.tooLong'));
}

/** An optional trimmed string; blank becomes null. */
export function optionalText(max = 500) {
  return z.pipe(
    z.nullish(z.string({ error: 'validation.invalidType' }).check(z.trim(), z.maxLength(max, 'validation.tooLong'))),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );
}

const emailFormat = z.email();

/** An optional e-mail; blank becomes null, anything else must be a valid address. */
export function optionalEmail(invalidKey = 'validation.email.invalid') {
  return z.pipe(
    z.nullish(
      z.string({ error: 'validation.invalidType' }).check(
        z.trim(),
        z.maxLength(254, invalidKey),
        z.refine((value) => value === '' || z.safeParse(emailFormat, value).success, invalidKey),
      ),
    ),
    z.transform((value: string | null | undefined) => (value ? value.toLowerCase() : null)),
  );
}

/** A number sent as text (or as a JSON number), kept as text, within [min, max]. */
export function numericText(requiredKey: string, invalidKey: string, min: number, max: number) {
  return z.pipe(
    z.transform((value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value)),
    requiredText(requiredKey, 40).check(
      z.refine((value) => {
        if (!/^[-+]?\d+(\.\d+)?$/.test(value)) return false;
        const n = Number(value);
        return n >= min && n <= max;
      }, invalidKey),
    ),
  );
}

/** A positive integer id sent as text or number, as the spec's `company` field. */
export function idText(requiredKey: string, invalidKey: string) {
  return z.pipe(
    z.transform((value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? String(value) : value)),
    requiredText(requiredKey, 12).check(z.regex(/^[1-9]\d{0,9}$/, invalidKey)),
  );
}

/** A route parameter or query value that must be a positive integer (at most 2^31-1). */
export const idParam = z.pipe(
  z.string().check(
    z.regex(/^[1-9]\d{0,9}$/, 'validation.id.invalid'),
    z.refine((value) => Number(value) <= MAX_ID, 'validation.id.invalid'),
  ),
  z.transform(Number),
);
