// Per-route limits by client: a route with `config: { rateLimit: { name, max, timeWindow } }`
// takes at most `max` requests from one client per window of `timeWindow` ms (the public
// create and lookups, password reset, geocoding); routes of one name count together. The
// counters live in the app's limit store (lib/limit-store.ts): memory on SQLite, shared by
// every instance on PostgreSQL or Redis. One callback hook, answering in the same turn when
// the store does (memory): a promise chain cost about a tenth of a tracking read (issue 10).
// Past the limit: 429, Retry-After and the x-ratelimit-* headers, and the message in the
// reader's language.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { clientKey } from '../core/client-key.ts';
import { AppError } from '../lib/errors.ts';
import { type LimitStore, limitStoreFailure, type NamedLimit } from '../lib/limit-store.ts';

export type RateLimit = NamedLimit;

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimit;
  }
}

export function registerRateLimit(app: FastifyInstance, store: LimitStore): void {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const hook: onRequestHookHandler = (request, reply, done) => {
      const answer = (wait: number) => {
        if (wait === 0) {
          done();
          return;
        }
        const seconds = Math.max(1, Math.ceil(wait / 1000));
        reply.headers({
          'x-ratelimit-limit': limit.max,
          'x-ratelimit-remaining': 0,
          'x-ratelimit-reset': seconds,
          'retry-after': seconds,
        });
        done(new AppError('common.errors.rateLimited', 429, { seconds }));
      };
      let wait: number | Promise<number>;
      try {
        wait = store.hit(limit, clientKey(request.ip));
      } catch (error) {
        done(limitStoreFailure(error));
        return;
      }
      if (typeof wait === 'number') answer(wait);
      else wait.then(answer, (error) => done(limitStoreFailure(error)));
    };
    const own = route.onRequest;
    route.onRequest = [...(Array.isArray(own) ? own : own ? [own] : []), hook];
  });
}
