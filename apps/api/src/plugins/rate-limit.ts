// Per-route limits by client: a route with `config: { rateLimit: { name, max, timeWindow } }`
// takes at most `max` requests from one client per window of `timeWindow` ms (the public
// create and lookups, password reset, geocoding); routes of one name count together. The
// counters live in the app's limit store (lib/limit-store.ts): memory on SQLite, shared by
// every instance on PostgreSQL or Redis. One callback hook, answering in the same turn when
// the store does (memory): a promise chain cost about a tenth of a tracking read (issue 10).
// Past the limit: 429, Retry-After and the x-ratelimit-* headers, and the message in the
// reader's language.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import ipaddr from 'ipaddr.js';
import { AppError } from '../lib/errors.ts';
import { type LimitStore, limitStoreFailure, type NamedLimit } from '../lib/limit-store.ts';

export type RateLimit = NamedLimit;

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimit;
  }
}

/**
 * Whose requests count together: an IPv4 address, or the /64 network of an IPv6 one (a
 * single host is given a whole /64). An IPv4 address written as IPv6 is the IPv4 address.
 */
export function clientKey(ip: string): string {
  // IPv4 (every request on an IPv4 listener) is its own key without parsing.
  if (!ip.includes(':')) return ip;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(ip);
  } catch {
    // Not an address (a proxy's odd header): its text is its key.
    return ip.toLowerCase();
  }
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
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
        done(new AppError('errors.rateLimited', 429, { seconds }));
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
