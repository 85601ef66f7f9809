// Filing for an Open311 client (issues 25 and 38, decisions 0038 and 0064): the key first, then
// the spec's fields on the wizard's payload, checked by the wizard's rules with the spec's
// optional fields optional, the place completed by the geocoder, and the wizard's own filing.

import { trackingUrl } from '@acende/shared/constants';
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import { isValidationKey, type MessageKey } from '@acende/shared/i18n/message-key';
import { type Open311Request, open311RequestSchema } from '@acende/shared/schemas/open311';
import type { CreateRepairRequest } from '@acende/shared/schemas/repair-requests';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { createRepairRequest, filedForKey } from '../repair-requests/repair-requests.service.ts';
import { COMPANY_ATTRIBUTE } from './open311.service.ts';
import { clientOfKey } from './open311-keys.service.ts';
import { addressOfPoint, pointOfAddress } from './open311-location.ts';

type Fields = Record<string, unknown>;

/** A form field's text: numbers (a JSON client's lat and long) as written, blank as absent. */
function field(body: Fields, name: string): unknown {
  const value = body[name];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

function attribute(body: Fields, code: string): unknown {
  const nested = body.attribute;
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
    const value = (nested as Fields)[code];
    if (value !== undefined) return typeof value === 'number' ? String(value) : value;
  }
  return field(body, `attribute[${code}]`);
}

function apiKeyOf(body: Fields, query: Fields): string | undefined {
  const key = body.api_key ?? query.api_key;
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : undefined;
}

/** The key's client, or a 403; then the key's own limit, wherever it files from (a 429 with the wait). */
async function checkedClient(deps: AppDeps, body: Fields, query: Fields) {
  const key = apiKeyOf(body, query);
  if (!key || key.length > 200) throw new AppError('admin-open311.open311.error.apiKeyMissing', 403);
  const client = await clientOfKey(deps, key);
  if (!client) throw new AppError('admin-open311.open311.error.apiKeyInvalid', 403);
  const { config } = deps;
  const wait = await deps.limits.hit(
    { name: 'open311-key', max: config.RATE_LIMIT_OPEN311_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
    `key:${client.id}`,
  );
  if (wait > 0) throw new AppError('common.errors.rateLimited', 429, { seconds: Math.max(1, Math.ceil(wait / 1000)) });
}

/**
 * The spec's fields checked by the wizard's rules, every issue named by its field. The place:
 * a point (both lat and long, then) or an address_string, one of them at least.
 */
function parsedFields(body: Fields): Open311Request {
  const names = [field(body, 'first_name'), field(body, 'last_name')].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  const lat = field(body, 'lat');
  const long = field(body, 'long');
  const address = field(body, 'address_string');
  const byPoint = lat !== undefined || long !== undefined;
  const parsed = open311RequestSchema.safeParse({
    name: names.join(' '),
    email: field(body, 'email') ?? '',
    phone: field(body, 'phone'),
    address,
    reference: field(body, 'description') ?? '',
    problemType: field(body, 'service_code'),
    // Given one of lat and long, the other is required too (null reads as missing).
    latitude: byPoint ? (lat ?? null) : undefined,
    longitude: byPoint ? (long ?? null) : undefined,
    company: attribute(body, COMPANY_ATTRIBUTE),
    mediaUrl: field(body, 'media_url'),
  });
  const fieldErrors: Record<string, MessageKey> = {};
  if (!byPoint && address === undefined) fieldErrors.location = 'admin-open311.open311.error.location';
  for (const issue of parsed.error?.issues ?? []) {
    const name = String(issue.path[0] ?? '_');
    fieldErrors[name] ??= isValidationKey(issue.message) ? issue.message : 'common.validation.invalid';
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    throw new AppError('common.validation.invalid', 400, undefined, fieldErrors);
  }
  return parsed.data;
}

/** The wizard's payload: the client's fields with the place completed by the geocoder. */
async function withPlace(deps: AppDeps, asked: CreateRepairRequest): Promise<CreateRepairRequest> {
  if (asked.latitude === '') {
    const point = await pointOfAddress(deps, asked.address);
    return { ...asked, latitude: point.lat, longitude: point.long };
  }
  if (asked.address === '') return { ...asked, address: await addressOfPoint(deps, asked.latitude, asked.longitude) };
  return asked;
}

/**
 * Files a request for an Open311 client: the key first (403 without a valid one), then the
 * fields mapped onto the wizard's payload and checked, the place completed, then the wizard's
 * filing service, which the key exempts from the captcha. The answer carries the citizen's
 * tracking token and link.
 */
export async function postServiceRequest(
  deps: AppDeps,
  body: Fields,
  query: Fields,
  language: Language,
  idempotencyKey?: string,
) {
  await checkedClient(deps, body, query);
  // The wizard's Idempotency-Key (8 to 200 characters): a client's retry after a lost answer
  // gets the request it filed, not a second one.
  if (idempotencyKey !== undefined && (idempotencyKey.length < 8 || idempotencyKey.length > 200)) {
    throw new AppError('admin-open311.open311.error.idempotencyKey', 400);
  }
  const fields = parsedFields(body);
  const { mediaUrl, ...rest } = fields;
  // What the client sent: a missing part of the place is '' until looked up.
  const asked: CreateRepairRequest = {
    ...rest,
    address: rest.address ?? '',
    latitude: rest.latitude ?? '',
    longitude: rest.longitude ?? '',
  };
  // A retry of a filing whose place was looked up is answered before the geocoder is asked again.
  const lookedUp = asked.latitude === '' || asked.address === '';
  const created =
    (lookedUp ? await filedForKey(deps, asked, { idempotencyKey, mediaUrl }) : undefined) ??
    (await createRepairRequest(deps, await withPlace(deps, asked), {
      language,
      captchaExempt: true,
      idempotencyKey,
      mediaUrl,
      asked,
    }));
  const link = trackingUrl(deps.config.PUBLIC_URL, created.id, created.trackingToken);
  return [
    {
      service_request_id: String(created.id),
      token: created.trackingToken,
      service_notice: translate(language, 'admin-open311.open311.notice', { link }),
      account_id: null,
    },
  ];
}
