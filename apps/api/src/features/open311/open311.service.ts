// Open311 GeoReport v2 (issue 25, decisions 0038, 0064): the discovery document, the services
// (the problem types), their definitions (the company is the `company` attribute) and the
// requests without contact data; filing is open311-post.service.ts. Answers are plain objects
// in the spec's field names and order; open311.format.ts writes them as JSON or XML.

import { type Language, PROBLEM_TYPES, type ProblemType } from '@acende/shared/enums';
import { maskContactsInText } from '@acende/shared/free-text-mask';
import { translate } from '@acende/shared/i18n/catalogues';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { dateSpan, listParam } from './open311.params.ts';
import { listOpen311Requests, type Open311RequestRow } from './open311.repository.ts';

export const GEOREPORT_V2 = 'http://wiki.open311.org/GeoReport_v2';
/** When this server's Open311 interface last changed (the discovery document's changeset). */
export const CHANGESET = '2026-11-30T00:00:00Z';
/** The most requests one GET requests answers (the spec's default ceiling). */
export const REQUESTS_MAX = 1000;
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
  mediaUrl: 'media_url',
  location: 'lat/long',
};

export function open311FieldName(field: string): string {
  return OPEN311_FIELD[field] ?? field;
}

/** Seconds, not milliseconds, and Z: the W3C profile of ISO 8601 the spec asks for. */
export function datetime(stored: string | null): string | null {
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
    media_url: publicMediaUrl(row.mediaUrl),
  };
}

/**
 * The client's media link as the public sees it: left out when it holds what reads as a
 * phone, e-mail or CPF (a query string naming the citizen), since masking would break it.
 * Operators see it whole on the request's page.
 */
function publicMediaUrl(url: string | null): string | null {
  return url !== null && maskContactsInText(url) === url ? url : null;
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
  const { from, to } = dateSpan(query, deps.clock.now());
  const rows = await listOpen311Requests(deps.db, {
    from,
    to,
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
