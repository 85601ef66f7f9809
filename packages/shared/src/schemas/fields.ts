// Building blocks for payload schemas. Messages are catalogue keys (validation.*),
// turned into words in the reader's language by the API's error handler and the web forms.
// packages/shared uses zod/mini throughout: the same schemas ship in the public
// bundle, where classic zod would cost ~90 KB gzipped and mini ~5 KB.
import * as z from 'zod/mini';
import { MAX_ID } from '../constants.ts';
import { type MessageKey, msg } from '../i18n/message-key.ts';

const isMissing = (input: unknown) => input === undefined || input === null;

/** A required trimmed string; `requiredKey` for missing or blank, `common.validation.invalidType` for another type. */
export function requiredText(requiredKey: MessageKey, max = 500) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? requiredKey : msg('common.validation.invalidType')) })
    .check(z.trim(), z.minLength(1, requiredKey), z.maxLength(max, msg('common.validation.tooLong')));
}

/** An optional trimmed string; blank becomes null. */
export function optionalText(max = 500) {
  return z.pipe(
    z.nullish(
      z
        .string({ error: msg('common.validation.invalidType') })
        .check(z.trim(), z.maxLength(max, msg('common.validation.tooLong'))),
    ),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );
}

const emailFormat = z.email();

/** An optional e-mail; blank becomes null, anything else must be a valid address. */
export function optionalEmail(invalidKey: MessageKey = 'common.validation.email.invalid') {
  return z.pipe(
    z.nullish(
      z.string({ error: msg('common.validation.invalidType') }).check(
        z.trim(),
        z.maxLength(254, invalidKey),
        z.refine((value) => value === '' || z.safeParse(emailFormat, value).success, invalidKey),
      ),
    ),
    z.transform((value: string | null | undefined) => (value ? value.toLowerCase() : null)),
  );
}

/** A number sent as text (or as a JSON number), kept as text, within [min, max]. */
export function numericText(requiredKey: MessageKey, invalidKey: MessageKey, min: number, max: number) {
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

// Ids (requests, companies, accounts): one rule for every field that carries one, in a
// body, a query or a path. A whole number from 1 to MAX_ID, PostgreSQL's integer: a larger
// one overflows the column there (a 500 on PostgreSQL, a silent miss on SQLite).
const ID_DIGITS = /^[1-9]\d{0,9}$/;

/** Whether `text` writes an id: digits without a leading zero, at most MAX_ID. */
export function isIdText(text: string): boolean {
  return ID_DIGITS.test(text) && Number(text) <= MAX_ID;
}

/** An id sent as a JSON number (`assignedToId`, `companies[]`): `invalidKey` for anything else. */
export function idNumber(invalidKey: MessageKey = 'common.validation.id.invalid') {
  return z.number({ error: invalidKey }).check(z.int(invalidKey), z.gte(1, invalidKey), z.lte(MAX_ID, invalidKey));
}

/** An id sent as text (a path or query value), given to the handler as a number. */
export function idFromText(invalidKey: MessageKey = 'common.validation.id.invalid') {
  return z.pipe(
    z.string({ error: invalidKey }).check(z.regex(ID_DIGITS, invalidKey), z.refine(isIdText, invalidKey)),
    z.transform(Number),
  );
}

/** An id sent as text or number and kept as text, as the spec's `company` field. */
export function idText(requiredKey: MessageKey, invalidKey: MessageKey) {
  return z.pipe(
    // Any number is read as the text it writes (1.5, 1e+21), which the id rule then judges.
    z.transform((value: unknown) => (typeof value === 'number' ? String(value) : value)),
    requiredText(requiredKey, 40).check(z.regex(ID_DIGITS, invalidKey), z.refine(isIdText, invalidKey)),
  );
}

/** A route parameter or query value that must be an id. */
export const idParam = idFromText();

/** A route parameter or query value that must be a company's id ("invalid company", not a request's number). */
export const companyIdParam = idFromText('common.validation.company.invalid');
