// Open311 API keys (issue 25, decision 0038): an admin issues one per client system and may
// revoke it. The key itself is in the answer that issues it and nowhere after.
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';
import { optionalText, requiredText } from './fields.ts';
import { createRepairRequestSchema, latitudeText, longitudeText, PHONE_FORMAT } from './repair-requests.ts';

export const OPEN311_KEY_NAME_MAX = 100;

export const open311KeyInputSchema = z.object({
  name: requiredText('admin-open311.validation.open311Key.nameRequired', OPEN311_KEY_NAME_MAX),
});
export type Open311KeyInput = z.input<typeof open311KeyInputSchema>;
export type Open311KeyValues = z.output<typeof open311KeyInputSchema>;

export const open311KeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  keyPrefix: z.string(),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
});
export type Open311Key = z.infer<typeof open311KeySchema>;

/** The answer to issuing a key: the only time the key is shown. */
export const issuedOpen311KeySchema = z.extend(open311KeySchema, { key: z.string() });
export type IssuedOpen311Key = z.infer<typeof issuedOpen311KeySchema>;

/** The longest `media_url` an Open311 POST may name (decision 0064). */
export const OPEN311_MEDIA_URL_MAX = 2000;
/** GeoReport v2's limit on a POST's description (the wizard's own reference stops at 500). */
export const OPEN311_DESCRIPTION_MAX = 4000;

const mediaUrlKey = msg('admin-open311.validation.mediaUrl');

/** `text` as an http(s) address without credentials, within the limit once normalised; else undefined. */
export function webAddress(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  if (!web || url.hostname === '' || url.username !== '' || url.password !== '') return undefined;
  return url.href.length <= OPEN311_MEDIA_URL_MAX ? url.href : undefined;
}

/**
 * An Open311 POST's fields on the wizard's payload (decision 0064): the wizard's rules, but as
 * the spec reads. `phone` may be left out (stored as '', as anonymised rows are); the place is
 * `latitude`/`longitude` or `address`, one of them at least (the service looks up the other);
 * the description up to the spec's 4,000 characters (FixMyStreet sends title, detail and
 * link); `mediaUrl` an http(s) address, normalised.
 */
export const open311RequestSchema = z.extend(createRepairRequestSchema, {
  phone: z.pipe(
    z.nullish(
      z.string({ error: msg('common.validation.invalidType') }).check(
        z.trim(),
        z.maxLength(40, msg('common.validation.tooLong')),
        z.refine((value) => value === '' || PHONE_FORMAT.test(value), msg('common.validation.phone.invalid')),
      ),
    ),
    z.transform((value: string | null | undefined) => value ?? ''),
  ),
  address: optionalText(500),
  reference: optionalText(OPEN311_DESCRIPTION_MAX),
  latitude: z.optional(latitudeText),
  longitude: z.optional(longitudeText),
  mediaUrl: z.pipe(
    z.nullish(
      z.string({ error: mediaUrlKey }).check(
        z.trim(),
        z.maxLength(OPEN311_MEDIA_URL_MAX, mediaUrlKey),
        z.refine((value) => value === '' || webAddress(value) !== undefined, mediaUrlKey),
      ),
    ),
    z.transform((value: string | null | undefined) => (value ? (webAddress(value) ?? null) : null)),
  ),
});
export type Open311Request = z.output<typeof open311RequestSchema>;
