// Baseline protections: security headers with a CSP, JSON-only bodies on the API, and no
// caching of API answers (no-store unless a route says otherwise), decided on the path the
// router decodes. Per-route rate limits are plugins/rate-limit.ts, registered by app.ts.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { routedPath } from '../lib/routed-path.ts';
import { unstorableTextAt } from '../lib/unstorable-text.ts';

/**
 * The security headers of every answer (what helmet sends with these options), built once:
 * computing them per request cost the public hot path about a tenth of its time (issue 10).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const tileOrigin = (() => {
    try {
      return new URL(config.TILE_URL.replace(/\{[a-z]\}/g, 'a')).origin;
    } catch {
      return "'self'";
    }
  })();
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tileOrigin} https:`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(config.NODE_ENV === 'production' ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * API answers are data, never a document: a policy that loads nothing and may not be
 * framed, and only the headers that matter for a JSON answer (OWASP REST Security Cheat
 * Sheet). Shorter headers are also a measurable share of a small answer's cost.
 */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  const page = securityHeaders(config);
  return {
    'content-security-policy': "default-src 'none';base-uri 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    ...(page['strict-transport-security'] ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(config);
  const pageApiHeaders = { ...headers, 'cache-control': 'no-store' };
  // Set before the handler, so a route can still change one (its own cache-control, a page's CSP).
  // Sorted by the path the router matches on: an encoded `/%61pi/...` is an API call too.
  app.addHook('onRequest', (request, reply, done) => {
    const path = routedPath(request.url);
    if (!path.startsWith('/api/')) reply.headers(headers);
    // The API's own documentation (/api/docs) is a page.
    else reply.headers(path.startsWith('/api/docs') ? pageApiHeaders : apiHeaders);
    done();
  });

  // Only JSON on the API: text/plain is Fastify's other default parser.
  app.removeContentTypeParser('text/plain');

  // Text no database keeps as sent: NUL (PostgreSQL refuses it, a 500 before this check)
  // and lone UTF-16 surrogates (stored as U+FFFD). Refused as invalid input, whatever the route.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.body, request.query, request.params]) {
      const field = unstorableTextAt(part);
      if (field !== undefined) {
        done(new AppError('validation.invalid', 400, undefined, { [field]: 'validation.invalid' }));
        return;
      }
    }
    done();
  });
}
