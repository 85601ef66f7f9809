// What the request log may show of a URL. Query values are people's data more often than
// not (an operator's search `?q=` holds a citizen's name or phone, a report's filters an
// address, the geocoder's a position, `?t=` a tracking token), so every value is replaced
// except those of a short list of keys that only page, sort or pick fixed values. The reset
// token in the reset link's path is replaced too.
import type { FastifyRequest } from 'fastify';

/** Query keys whose values say nothing about a person: paging, fixed choices, ids and dates. */
const HARMLESS_PARAMS = new Set([
  'page',
  'pageSize',
  'sort',
  'order',
  'status',
  'problemType',
  'lang',
  'from',
  'to',
  'startDate',
  'endDate',
  'companyId',
  'assigneeId',
  'assignedToId',
]);
const SECRET_PATH = /(\/(?:reset-password|sign-in-link)\/)[^/?#]+/i;
const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      // A bare key (`?Maria`) is a value too.
      if (eq < 0) return pair === '' || HARMLESS_PARAMS.has(pair) ? pair : REDACTED;
      if (eq === pair.length - 1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return HARMLESS_PARAMS.has(name) ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's own request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
