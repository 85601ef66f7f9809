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
