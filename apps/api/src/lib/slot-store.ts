// Slots for work that runs a while (an export): at most `max` holders of a name at once,
// each holding a lease that expires unless renewed, so an instance that crashed mid-export
// frees its slots by itself (decision 0044). Kept where the limits' counters are (decision
// 0014): in memory on SQLite, in PostgreSQL's `limit_leases`, or in Redis with a fallback.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Db, dialectOf } from '../db/database.ts';
import { type LimitStoreLog, monotonicNow } from './limit-store.ts';

export interface SlotStore {
  /** Takes a slot of `name` for `leaseMs`: answers the lease, or null when `max` are held. */
  acquire(name: string, max: number, leaseMs: number): Promise<string | null>;
  /** Pushes a held lease's end `leaseMs` from now (nothing when it already ended). */
  renew(name: string, lease: string, leaseMs: number): Promise<void>;
  release(name: string, lease: string): Promise<void>;
}

/** One process's slots (SQLite: the process is the whole service). */
export function memorySlotStore(now: () => number = monotonicNow): SlotStore {
  const held = new Map<string, Map<string, number>>();
  const live = (name: string) => {
    const leases = held.get(name) ?? new Map<string, number>();
    held.set(name, leases);
    for (const [lease, end] of leases) if (end <= now()) leases.delete(lease);
    return leases;
  };
  return {
    async acquire(name, max, leaseMs) {
      const leases = live(name);
      if (leases.size >= max) return null;
      const lease = randomUUID();
      leases.set(lease, now() + leaseMs);
      return lease;
    },
    async renew(name, lease, leaseMs) {
      const leases = live(name);
      if (leases.has(lease)) leases.set(lease, now() + leaseMs);
    },
    async release(name, lease) {
      const leases = held.get(name);
      leases?.delete(lease);
      if (leases?.size === 0) held.delete(name);
    },
  };
}

// The database's clock decides lease ends, so instances whose clocks differ agree.
const NOW_MS = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Slots in PostgreSQL, shared by every instance on the database. A transaction-scoped
 * advisory lock per name makes "count the live leases, add one if below max" atomic: two
 * instances taking the last slot at once cannot both get it.
 */
export function postgresSlotStore(db: Db): SlotStore {
  return {
    acquire: (name, max, leaseMs) =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`limit_leases:${name}`}))`.execute(trx);
        await sql`delete from limit_leases where name = ${name} and expires_at <= ${NOW_MS}`.execute(trx);
        const lease = randomUUID();
        const { rows } = await sql<{ lease: string }>`insert into limit_leases (name, lease, expires_at)
          select ${name}, ${lease}, ${NOW_MS} + ${leaseMs}::bigint
          where (select count(*) from limit_leases where name = ${name}) < ${max}
          returning lease`.execute(trx);
        return rows[0]?.lease ?? null;
      }),
    async renew(name, lease, leaseMs) {
      await sql`update limit_leases set expires_at = ${NOW_MS} + ${leaseMs}::bigint
        where name = ${name} and lease = ${lease}`.execute(db);
    },
    async release(name, lease) {
      await sql`delete from limit_leases where name = ${name} and lease = ${lease}`.execute(db);
    },
  };
}

// A sorted set per name, scored by each lease's end on Redis's clock: ended leases go first.
const REDIS_NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
const REDIS_ACQUIRE = `${REDIS_NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + 60000)
return 1`;
const REDIS_RENEW = `${REDIS_NOW}
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) + 60000)
return 1`;

type SlotRedis = import('ioredis').Redis & {
  slotAcquire(key: string, max: number, leaseMs: number, lease: string): Promise<number>;
  slotRenew(key: string, leaseMs: number, lease: string): Promise<number>;
};

/**
 * Slots in Redis; while Redis does not answer, in `fallback` (as the limits' counters do).
 * A lease remembers where it was taken, so it is renewed and released there.
 */
export async function redisSlotStore(
  url: string,
  prefix: string,
  fallback: SlotStore,
  log: LimitStoreLog,
): Promise<SlotStore & { close(): void }> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    connectTimeout: 2000,
    lazyConnect: true,
  }) as SlotRedis;
  redis.defineCommand('slotAcquire', { numberOfKeys: 1, lua: REDIS_ACQUIRE });
  redis.defineCommand('slotRenew', { numberOfKeys: 1, lua: REDIS_RENEW });
  redis.on('error', () => {});
  // As the limits' store does, up to 3 s for Redis at start before the fallback takes over.
  await Promise.race([redis.connect().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
  const inFallback = new Set<string>();
  const key = (name: string) => `${prefix}slots:${name}`;
  return {
    async acquire(name, max, leaseMs) {
      const lease = randomUUID();
      try {
        return (await redis.slotAcquire(key(name), max, leaseMs, lease)) === 1 ? lease : null;
      } catch (error) {
        log.warn({ err: error }, 'Redis does not answer: export slots are taken in the fallback store');
        const taken = await fallback.acquire(name, max, leaseMs);
        if (taken) inFallback.add(taken);
        return taken;
      }
    },
    async renew(name, lease, leaseMs) {
      if (inFallback.has(lease)) return fallback.renew(name, lease, leaseMs);
      await redis.slotRenew(key(name), leaseMs, lease).catch(() => {});
    },
    async release(name, lease) {
      if (inFallback.delete(lease)) return fallback.release(name, lease);
      await redis.zrem(key(name), lease).catch(() => {});
    },
    close: () => redis.disconnect(),
  };
}

/** The slots for this configuration: Redis when REDIS_URL is set, else PostgreSQL's table or memory. */
export async function createSlotStore(
  config: { REDIS_URL?: string | undefined; REDIS_KEY_PREFIX: string },
  db: Db,
  log: LimitStoreLog,
): Promise<SlotStore & { close(): void }> {
  const local = dialectOf(db) === 'postgres' ? postgresSlotStore(db) : memorySlotStore();
  if (!config.REDIS_URL) return { ...local, close: () => {} };
  return redisSlotStore(config.REDIS_URL, config.REDIS_KEY_PREFIX, local, log);
}
