// The path as Fastify's router reads it, for checks that sort requests by path before or
// without a matched route (security headers, the web app's fallback). The router decodes
// percent-escapes before matching, so `/%61pi/admin/profile` is /api/admin/profile: a check on
// the raw URL would let an encoded form step around it.

const ASCII_ESCAPE = /%([0-7][0-9a-fA-F])/g;

/**
 * The URL's path with its ASCII escapes decoded (one pass, as the router decodes), for prefix
 * checks. A URL without `%` is returned as it is, query included: the common case costs one
 * scan and no allocation. Escapes of other bytes stay as they are; they cannot form a prefix
 * such as `/api/`.
 */
export function routedPath(url: string): string {
  const percent = url.indexOf('%');
  if (percent < 0) return url;
  let end = url.indexOf('?');
  const hash = url.indexOf('#');
  if (end < 0 || (hash >= 0 && hash < end)) end = hash;
  const path = end < 0 ? url : url.slice(0, end);
  if (end >= 0 && percent > end) return path;
  return path.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
