// Baseline protections: security headers with a CSP, JSON-only bodies on the API,
// no caching of API answers, and per-route rate limits (settings, so load tests can
// raise them).
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const tileOrigin = (() => {
    try {
      return new URL(config.TILE_URL.replace(/\{[a-z]\}/g, 'a')).origin;
    } catch {
      return "'self'";
    }
  })();

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin, 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    strictTransportSecurity: config.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  // Only JSON on the API: text/plain is Fastify's other default parser.
  app.removeContentTypeParser('text/plain');

  // Text no database keeps as sent: NUL (PostgreSQL refuses it, a 500 before this check)
  // and lone UTF-16 surrogates (stored as U+FFFD). Refused as invalid input, whatever the route.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      const field = unstorableTextAt(part);
      if (field !== undefined)
        throw new AppError('validation.invalid', 400, undefined, { [field]: 'validation.invalid' });
    }
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('errors.rateLimited', 429, { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string in `value` that holds NUL or a lone surrogate, or undefined. */
export function unstorableTextAt(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path || '_' : undefined;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableTextAt(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
