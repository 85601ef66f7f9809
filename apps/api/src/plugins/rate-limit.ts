// Per-route limits by client: a route with `config: { rateLimit: { max, timeWindow } }` takes
// at most `max` requests from one client per window of `timeWindow` ms (the public create and
// lookups, password reset, geocoding). A fixed window per client, kept in this process's
// memory, as @fastify/rate-limit's local store kept it; written as one synchronous hook
// because that plugin's promise chain cost about a tenth of a tracking read (issue 10).
// Past the limit: 429, Retry-After and the x-ratelimit-* headers, and the message in the
// reader's language.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '../lib/errors.ts';

export interface RateLimit {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimit;
  }
}

/** Clients kept per route before the expired windows are swept (and, past it, the oldest). */
const MAX_CLIENTS = 20_000;

interface Window {
  count: number;
  startedAt: number;
}

/**
 * Whose requests count together: an IPv4 address, or the /64 network of an IPv6 one (a
 * single host is given a whole /64). An IPv4 address written as IPv6 is the IPv4 address.
 */
export function clientKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const address = ip.toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1] as string;
  const [head = '', tail] = address.split('::');
  const part = (text: string) => (text ? text.split(':') : []);
  const groups = (text: string) => part(text).reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const start = part(head);
  const all = tail === undefined ? start : [...start, ...Array(Math.max(0, 8 - groups(head) - groups(tail))).fill('0')];
  const network = [...all, ...part(tail ?? '')].slice(0, 4);
  while (network.length < 4) network.push('0');
  return `${network.map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** A route's limiter: counts the request and answers how long until its window ends (ms), or 0 while within it. */
export function limiter({ max, timeWindow }: RateLimit, now: () => number = Date.now) {
  const windows = new Map<string, Window>();
  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.startedAt + timeWindow <= at) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < MAX_CLIENTS) break;
      windows.delete(key);
    }
  };
  return (key: string): number => {
    const at = now();
    let window = windows.get(key);
    if (!window || window.startedAt + timeWindow <= at) {
      if (!window && windows.size >= MAX_CLIENTS) sweep(at);
      window = { count: 0, startedAt: at };
      windows.set(key, window);
    }
    window.count += 1;
    return window.count > max ? window.startedAt + timeWindow - at : 0;
  };
}

const routeLimiters = new WeakMap<RateLimit, (key: string) => number>();

/**
 * The limiter of a route's `rateLimit` object: one per object, so a path that answers the
 * route's requests without Fastify (the tracking read's fast path) counts in the same windows.
 */
export function routeLimiter(limit: RateLimit): (key: string) => number {
  let count = routeLimiters.get(limit);
  if (!count) {
    count = limiter(limit);
    routeLimiters.set(limit, count);
  }
  return count;
}

export function registerRateLimit(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const count = routeLimiter(limit);
    const hook: onRequestHookHandler = (request, reply, done) => {
      const wait = count(clientKey(request.ip));
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
    const own = route.onRequest;
    route.onRequest = [...(Array.isArray(own) ? own : own ? [own] : []), hook];
  });
}
