// Open311 GeoReport v2 (issue 25, decision 0038): the discovery document, the services (the
// problem types), their definitions (the company is the `company` attribute), filing with an
// API key through the wizard's own schema and service, and the requests without contact data.
// Answers are plain objects in the spec's field names and order; open311.format.ts writes
// them as JSON or XML.

import { trackingUrl } from '@acende/shared/constants';
import { type Language, PROBLEM_TYPES, type ProblemType } from '@acende/shared/enums';
import { maskContactsInText } from '@acende/shared/free-text-mask';
import { translate } from '@acende/shared/i18n/catalogues';
import { isValidationKey, type MessageKey } from '@acende/shared/i18n/message-key';
import { createRepairRequestSchema } from '@acende/shared/schemas/repair-requests';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { createRepairRequest } from '../repair-requests/repair-requests.service.ts';
import { dateParam, listParam, storedText } from './open311.params.ts';
import { listOpen311Requests, type Open311RequestRow } from './open311.repository.ts';
import { clientOfKey } from './open311-keys.service.ts';

export const GEOREPORT_V2 = 'http://wiki.open311.org/GeoReport_v2';
/** When this server's Open311 interface last changed (the discovery document's changeset). */
export const CHANGESET = '2026-11-27T00:00:00Z';
/** The most requests one GET requests answers (the spec's default ceiling). */
export const REQUESTS_MAX = 1000;
/** The span a GET requests covers when it names no dates, or only one (the spec's default). */
const DEFAULT_SPAN_MS = 90 * 24 * 3600 * 1000;
export const COMPANY_ATTRIBUTE = 'company';

/** The wizard's field names as Open311 calls them, for the error list. */
const OPEN311_FIELD: Record<string, string> = {
  name: 'first_name',
  email: 'email',
  phone: 'phone',
  address: 'address_string',
  reference: 'description',
  problemType: 'service_code',
  latitude: 'lat',
  longitude: 'long',
  company: `attribute[${COMPANY_ATTRIBUTE}]`,
};

export function open311FieldName(field: string): string {
  return OPEN311_FIELD[field] ?? field;
}

/** Seconds, not milliseconds, and Z: the W3C profile of ISO 8601 the spec asks for. */
function datetime(stored: string | null): string | null {
  return stored === null ? null : `${stored.slice(0, 19)}Z`;
}

export function discoveryDocument(deps: AppDeps, language: Language) {
  const url = deps.config.PUBLIC_URL;
  return {
    changeset: CHANGESET,
    contact: translate(language, 'admin-open311.open311.contact', { url }),
    key_service: translate(language, 'admin-open311.open311.keyService'),
    endpoints: [
      {
        specification: GEOREPORT_V2,
        url: `${url}/open311/v2`,
        changeset: CHANGESET,
        type: 'production',
        formats: ['text/xml', 'application/json'],
      },
    ],
  };
}

export function listServices(language: Language) {
  return PROBLEM_TYPES.map((code) => ({
    service_code: code,
    service_name: translate(language, `common.problemType.${code}`),
    description: translate(language, `admin-open311.open311.service.${code}`),
    metadata: true,
    type: 'realtime',
    keywords: translate(language, 'admin-open311.open311.keywords'),
    group: translate(language, 'admin-open311.open311.group'),
  }));
}

function knownService(code: string): ProblemType {
  if (!(PROBLEM_TYPES as readonly string[]).includes(code)) {
    throw new AppError('admin-open311.open311.error.serviceNotFound', 404, { code: code.slice(0, 100) });
  }
  return code as ProblemType;
}

export async function serviceDefinition(deps: AppDeps, code: string, language: Language) {
  const service = knownService(code);
  const companies = await deps.hotPath.listActiveCompanies();
  return {
    service_code: service,
    attributes: [
      {
        variable: true,
        code: COMPANY_ATTRIBUTE,
        datatype: 'singlevaluelist',
        required: true,
        datatype_description: translate(language, 'admin-open311.open311.companyHelp'),
        order: 1,
        description: translate(language, 'admin-open311.open311.companyAttribute'),
        values: companies.map((company) => ({ key: String(company.id), name: company.fullName })),
      },
    ],
  };
}

/** A request as GeoReport v2 shows it: never a name, phone or e-mail, nor one typed into its text. */
function toServiceRequest(row: Open311RequestRow, language: Language) {
  const open = row.status === 'open' || row.status === 'in_progress';
  return {
    service_request_id: String(row.id),
    status: open ? 'open' : 'closed',
    status_notes:
      row.duplicateOfId === null
        ? null
        : translate(language, 'admin-open311.open311.mergedInto', { id: row.duplicateOfId }),
    service_name: translate(language, `common.problemType.${row.problemType as ProblemType}`),
    service_code: row.problemType,
    // Contacts a citizen typed into the free text are hidden, as on the tracking page (decision 0043).
    description: maskContactsInText(row.reference),
    agency_responsible: row.companyName,
    service_notice: null,
    requested_datetime: datetime(row.createdAt),
    updated_datetime: datetime(row.updatedAt),
    expected_datetime: open ? datetime(row.dueAt) : null,
    address: maskContactsInText(row.address),
    address_id: null,
    zipcode: null,
    lat: Number(row.latitude),
    long: Number(row.longitude),
    media_url: null,
  };
}

export type ServiceRequest = ReturnType<typeof toServiceRequest>;

export async function listServiceRequests(deps: AppDeps, query: Record<string, unknown>, language: Language) {
  const idTexts = listParam(query.service_request_id);
  if (idTexts) {
    // The spec: with service_request_id, the other filters do not apply.
    if (idTexts.length > REQUESTS_MAX || !idTexts.every((id) => /^\d{1,15}$/.test(id))) {
      throw new AppError('admin-open311.open311.error.idsInvalid', 400);
    }
    const ids = [...new Set(idTexts.map(Number))].filter((id) => Number.isSafeInteger(id) && id < 2 ** 31);
    const rows = ids.length ? await listOpen311Requests(deps.db, { ids, limit: REQUESTS_MAX }) : [];
    return rows.map((row) => toServiceRequest(row, language));
  }
  const problemTypes = listParam(query.service_code)?.map(knownService);
  const statuses = listParam(query.status)?.flatMap((status) => {
    if (status === 'open') return ['open', 'in_progress'];
    if (status === 'closed') return ['completed', 'cancelled'];
    throw new AppError('admin-open311.open311.error.statusInvalid', 400);
  });
  let start = dateParam(query.start_date);
  let end = dateParam(query.end_date);
  if (!start && !end) end = deps.clock.now();
  if (!start) start = new Date((end as Date).getTime() - DEFAULT_SPAN_MS);
  if (!end) end = new Date(start.getTime() + DEFAULT_SPAN_MS);
  if (start.getTime() > end.getTime()) throw new AppError('admin-open311.open311.error.dateRange', 400);
  const rows = await listOpen311Requests(deps.db, {
    from: storedText(start),
    to: storedText(end),
    problemTypes,
    statuses,
    limit: REQUESTS_MAX,
  });
  return rows.map((row) => toServiceRequest(row, language));
}

export async function getServiceRequest(deps: AppDeps, idText: string, language: Language) {
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : undefined;
  const rows = id ? await listOpen311Requests(deps.db, { ids: [id], limit: 1 }) : [];
  if (!rows[0]) throw new AppError('admin-open311.open311.error.requestNotFound', 404, { id: idText.slice(0, 20) });
  return [toServiceRequest(rows[0], language)];
}

/** A form field's text: numbers (a JSON client's lat and long) as written, anything else as it came. */
function field(body: Record<string, unknown>, name: string): unknown {
  const value = body[name];
  return typeof value === 'number' ? String(value) : value;
}

function attribute(body: Record<string, unknown>, code: string): unknown {
  const nested = body.attribute;
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
    const value = (nested as Record<string, unknown>)[code];
    if (value !== undefined) return typeof value === 'number' ? String(value) : value;
  }
  return field(body, `attribute[${code}]`);
}

function apiKeyOf(body: Record<string, unknown>, query: Record<string, unknown>): string | undefined {
  const key = body.api_key ?? query.api_key;
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : undefined;
}

/**
 * Files a request for an Open311 client: the key first (403 without a valid one), then the
 * fields mapped onto the wizard's payload and checked by the wizard's own schema, then the
 * wizard's filing service, which the key exempts from the captcha. The answer carries the
 * citizen's tracking token and link.
 */
export async function postServiceRequest(
  deps: AppDeps,
  body: Record<string, unknown>,
  query: Record<string, unknown>,
  language: Language,
  idempotencyKey?: string,
) {
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

  const names = [field(body, 'first_name'), field(body, 'last_name')].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  const parsed = createRepairRequestSchema.safeParse({
    name: names.join(' '),
    email: field(body, 'email') ?? '',
    phone: field(body, 'phone'),
    address: field(body, 'address_string'),
    reference: field(body, 'description') ?? '',
    problemType: field(body, 'service_code'),
    latitude: field(body, 'lat'),
    longitude: field(body, 'long'),
    company: attribute(body, COMPANY_ATTRIBUTE),
  });
  // The wizard's Idempotency-Key (8 to 200 characters): a client's retry after a lost answer
  // gets the request it filed, not a second one.
  if (idempotencyKey !== undefined && (idempotencyKey.length < 8 || idempotencyKey.length > 200)) {
    throw new AppError('admin-open311.open311.error.idempotencyKey', 400);
  }
  if (!parsed.success) {
    const fieldErrors: Record<string, MessageKey> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '_');
      const message = isValidationKey(issue.message) ? issue.message : 'common.validation.invalid';
      fieldErrors[name] ??= message;
    }
    throw new AppError('common.validation.invalid', 400, undefined, fieldErrors);
  }
  const created = await createRepairRequest(deps, parsed.data, { language, captchaExempt: true, idempotencyKey });
  const link = trackingUrl(config.PUBLIC_URL, created.id, created.trackingToken);
  return [
    {
      service_request_id: String(created.id),
      token: created.trackingToken,
      service_notice: translate(language, 'admin-open311.open311.notice', { link }),
      account_id: null,
    },
  ];
}
