// Baseline protections: security headers with a CSP, JSON-only bodies on the API, and no
// caching of API answers (no-store unless a route says otherwise), decided on the path the
// router decodes. Per-route rate limits are plugins/rate-limit.ts, registered by app.ts.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { apiSecurityHeaders, securityHeaders } from '../core/security-headers.ts';
import { AppError } from '../lib/errors.ts';
import { routedPath } from '../lib/routed-path.ts';
import { unstorableTextAt } from '../lib/unstorable-text.ts';

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
        done(new AppError('common.validation.invalid', 400, undefined, { [field]: 'common.validation.invalid' }));
        return;
      }
    }
    done();
  });
}
