// Where the counters that enforce a limit live (decision 0002 §22, decision 0014): in this
// process's memory on SQLite (one process), in PostgreSQL's tables when several instances
// share one database, or in Redis when REDIS_URL is set. Each store counts a client's
// requests per limit in a fixed window and paces an upstream (the geocoder) across instances.
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.ts';
import { unavailability } from '../db/errors.ts';
import { AppError } from './errors.ts';

export interface NamedLimit {
  /** Which counter: routes that share a name count together, on every instance. */
  name: string;
  max: number;
  /** Milliseconds. */
  timeWindow: number;
}

export interface LimitStore {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /**
   * Counts one request of `key` against `limit`: answers 0 while within it, or the
   * milliseconds until its window ends. The memory store answers at once (no promise).
   */
  hit(limit: NamedLimit, key: string): number | Promise<number>;
  /** Takes the next start of `name`'s calls, kept `intervalMs` apart: answers how long to wait for it (ms). */
  reserve(name: string, intervalMs: number): number | Promise<number>;
  /** Resolves once the store can answer (Redis connected, or given up on). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface LimitStoreLog {
  warn(object: object, message: string): void;
}

/** Clients kept per limit; past it, the one seen least recently is forgotten. */
const MAX_CLIENTS = 20_000;

/**
 * This process's monotonic clock in milliseconds: a jump of the system clock (an NTP step, a
 * wrong date set by hand) moves neither a window in memory nor a pace (issue 39).
 */
export const monotonicNow = () => performance.timeOrigin + performance.now();

/**
 * A fixed window per client in this process's memory, counted synchronously. A window that
 * starts after `now` (an injected clock that went back) is over: a refusal never lasts longer
 * than one window, whatever the clock did.
 */
export function limiter({ max, timeWindow }: Omit<NamedLimit, 'name'>, now: () => number = monotonicNow) {
  // A window lives `timeWindow` from its first request (reading it does not extend it); the
  // cache forgets it after that, and the check below starts a new one at the very end.
  const windows = new LRUCache<string, { count: number; startedAt: number }>({
    max: MAX_CLIENTS,
    ttl: timeWindow,
    ttlResolution: 0,
    perf: { now },
  });
  return (key: string): number => {
    const at = now();
    let window = windows.get(key);
    if (!window || window.startedAt + timeWindow <= at || window.startedAt > at) {
      window = { count: 0, startedAt: at };
      windows.set(key, window);
    }
    window.count += 1;
    return window.count > max ? window.startedAt + timeWindow - at : 0;
  };
}

export function memoryLimitStore(now: () => number = monotonicNow): LimitStore {
  const counters = new Map<string, (key: string) => number>();
  const paces = new Map<string, number>();
  return {
    kind: 'memory',
    hit(limit, key) {
      let count = counters.get(limit.name);
      if (!count) {
        count = limiter(limit, now);
        counters.set(limit.name, count);
      }
      return count(key);
    },
    reserve(name, intervalMs) {
      const at = now();
      const slot = Math.max(paceAfterJump(paces.get(name), at, intervalMs) ?? at, at);
      paces.set(name, slot + intervalMs);
      return slot - at;
    },
    ready: async () => {},
    close: async () => {},
  };
}

/** A pace further ahead than this many intervals means the clock went back: it starts again. */
export const PACE_MAX_AHEAD_INTERVALS = 600;

/** The next slot of a pace, or undefined (start now) when it lies implausibly far ahead of `at`. */
function paceAfterJump(next: number | undefined, at: number, intervalMs: number): number | undefined {
  return next !== undefined && next - at > intervalMs * PACE_MAX_AHEAD_INTERVALS ? undefined : next;
}

// INCR and, for a new window, its expiry in one step; answers the count and the time left.
// A window with more than a whole window left (Redis's clock went back) starts again.
const REDIS_HIT = `local window = tonumber(ARGV[1])
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], window) end
local left = redis.call('PTTL', KEYS[1])
if left > window then redis.call('SET', KEYS[1], 1, 'PX', window); count = 1; left = window end
if left < 0 then redis.call('PEXPIRE', KEYS[1], window); left = window end
return {count, left}`;

// Redis's clock decides the slot, as PostgreSQL's does above.
const REDIS_RESERVE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local next = tonumber(redis.call('GET', KEYS[1]) or '0')
if next - now > interval * ${PACE_MAX_AHEAD_INTERVALS} then next = 0 end
local slot = math.max(next, now)
redis.call('SET', KEYS[1], slot + interval, 'PX', interval + 60000)
return slot - now`;

/** How long the store waits for Redis at start before counting in the fallback. */
const REDIS_CONNECT_WAIT_MS = 3000;
const REDIS_WARN_EVERY_MS = 60_000;

type RedisClient = import('ioredis').Redis & {
  limitHit(key: string, windowMs: number): Promise<[number, number]>;
  limitReserve(key: string, intervalMs: number): Promise<number>;
};

/**
 * Counters in Redis. While Redis does not answer, every call counts in `fallback` (the
 * database's store, or memory on SQLite) and a warning is logged once a minute: limits hold,
 * never a 500 and never unlimited; a window that spans the outage may be counted twice.
 */
export async function redisLimitStore(
  url: string,
  prefix: string,
  fallback: LimitStore,
  log: LimitStoreLog,
): Promise<LimitStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    // A command while disconnected fails at once (and goes to the fallback) instead of waiting.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    connectTimeout: 2000,
    enableAutoPipelining: true,
    lazyConnect: true,
  }) as RedisClient;
  redis.defineCommand('limitHit', { numberOfKeys: 1, lua: REDIS_HIT });
  redis.defineCommand('limitReserve', { numberOfKeys: 1, lua: REDIS_RESERVE });
  let warnedAt = Number.NEGATIVE_INFINITY;
  const warn = (error: unknown) => {
    if (Date.now() - warnedAt < REDIS_WARN_EVERY_MS) return;
    warnedAt = Date.now();
    log.warn({ err: error }, `Redis does not answer: limits are counted in the ${fallback.kind} store meanwhile`);
  };
  redis.on('error', warn);
  const connected = redis.connect().catch(warn);
  return {
    kind: 'redis',
    async hit(limit, key) {
      try {
        const [count, left] = await redis.limitHit(`${prefix}limit:${limit.name}:${key}`, limit.timeWindow);
        return count > limit.max ? Math.max(1, left) : 0;
      } catch (error) {
        warn(error);
        return fallback.hit(limit, key);
      }
    },
    async reserve(name, intervalMs) {
      try {
        return Math.max(0, await redis.limitReserve(`${prefix}pace:${name}`, intervalMs));
      } catch (error) {
        warn(error);
        return fallback.reserve(name, intervalMs);
      }
    },
    async ready() {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        connected,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, REDIS_CONNECT_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    },
    async close() {
      redis.disconnect();
      await fallback.close();
    },
  };
}

/**
 * The store for this configuration: Redis when REDIS_URL is set, else `shared` (PostgreSQL's
 * tables, from the hot path) or memory (SQLite: one process).
 */
export async function createLimitStore(
  config: Config,
  shared: LimitStore | undefined,
  log: LimitStoreLog,
): Promise<LimitStore> {
  const local = shared ?? memoryLimitStore();
  if (!config.REDIS_URL) return local;
  return redisLimitStore(config.REDIS_URL, config.REDIS_KEY_PREFIX, local, log);
}

/** A failure of the store (the database gone) answers 503, never a 500 and never a pass. */
export function limitStoreFailure(error: unknown): AppError {
  // The database unreachable or full: the same answer as any other call then (decision 0048).
  const down = unavailability(error);
  if (down)
    return new AppError(down === 'full' ? 'common.errors.storageFull' : 'common.errors.databaseUnavailable', 503);
  return new AppError('common.errors.serviceUnavailable', 503, { cause: String(error) });
}
