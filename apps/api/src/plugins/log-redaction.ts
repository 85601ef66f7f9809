// What the request log may show of a URL: tokens that grant access (the tracking token
// in ?t=, a reset token in the reset link's path or any *token* parameter) are replaced,
// so a log reader cannot open a citizen's request or take over an account.
import type { FastifyRequest } from 'fastify';

const SECRET_PARAM = /^(t|.*token.*)$/i;
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/i;

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(SECRET_PATH, '$1[redacted]');
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
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
