// The PostgreSQL limit store under the crowd: two instances (two pools) counting the same
// clients against several limits at once, in every order, must never fail a count (a
// failure answers 503) and must count every request exactly once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../test/test-databases.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { NamedLimit } from '../lib/limit-store.ts';
import { postgresLimitStore } from './limit-counters.ts';

describe.skipIf(!ENGINES.includes('postgres'))('the PostgreSQL limit store', () => {
  let database: TestDatabase;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrated: true });
    const db = createDatabase(database.url, { poolSize: 2 });
    await migrateToLatest(db);
    await db.destroy();
    for (let i = 0; i < 2; i++) {
      const pool = new pg.Pool({ connectionString: database.url, max: 4 });
      // The drop at the end ends connections the pool is still closing.
      pool.on('error', () => {});
      pools.push(pool);
    }
  });
  afterAll(async () => {
    for (const pool of pools) await pool.end();
    await database?.drop();
  });

  it('counts overlapping batches of the same clients from two instances without a failure (no deadlock)', async () => {
    const stores = pools.map((pool) => postgresLimitStore(pool));
    const limits: NamedLimit[] = ['create', 'lookup', 'reset', 'geocode'].map((name) => ({
      name,
      max: 1_000_000,
      timeWindow: 600_000,
    }));
    const keys = Array.from({ length: 6 }, (_, i) => `198.51.100.${i}`);
    const expected = new Map<string, number>();
    const calls: Promise<number>[] = [];
    // Each turn of the event loop sends a batch whose (limit, client) pairs come in another
    // order, on both stores: without one lock order, two batches wait on each other.
    for (let round = 0; round < 60; round++) {
      for (const [s, store] of stores.entries()) {
        const pairs = limits.flatMap((limit) => keys.map((key) => ({ limit, key })));
        if ((round + s) % 2) pairs.reverse();
        const shift = (round * 7 + s * 3) % pairs.length;
        for (const { limit, key } of [...pairs.slice(shift), ...pairs.slice(0, shift)]) {
          calls.push(Promise.resolve(store.hit(limit, key)));
          const id = `${limit.name} ${key}`;
          expected.set(id, (expected.get(id) ?? 0) + 1);
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcomes = await Promise.allSettled(calls);
    const failures = outcomes.filter((o) => o.status === 'rejected').map((o) => String(o.reason));
    expect(failures.slice(0, 3)).toEqual([]);
    const { rows } = await (pools[0] as pg.Pool).query<{ name: string; key: string; count: number }>(
      'select name, key, count from limit_counters',
    );
    expect(new Map(rows.map((r) => [`${r.name} ${r.key}`, r.count]))).toEqual(expected);
    for (const store of stores) await store.close();
  });

  it('starts a window or a pace again when the database’s clock went back an hour (issue 39)', async () => {
    const pool = pools[0] as pg.Pool;
    const store = postgresLimitStore(pool);
    const limit: NamedLimit = { name: 'clock-back', max: 2, timeWindow: 60_000 };
    // What the table holds after the clock went back an hour: a spent window ending an hour
    // and a minute from "now", and a pace an hour ahead.
    await pool.query(
      `insert into limit_counters (name, key, window_end, count)
       values ($1, 'k', (extract(epoch from clock_timestamp()) * 1000)::bigint + 3660000, 50)`,
      [limit.name],
    );
    await pool.query(
      `insert into limit_paces (name, next_at) values ('clock-back', (extract(epoch from clock_timestamp()) * 1000)::bigint + 3600000)`,
    );
    expect(await store.hit(limit, 'k')).toBe(0);
    expect(await store.hit(limit, 'k')).toBe(0);
    const left = await store.hit(limit, 'k');
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(await store.reserve('clock-back', 1000)).toBe(0);
    const next = await store.reserve('clock-back', 1000);
    expect(next).toBeGreaterThan(900);
    expect(next).toBeLessThanOrEqual(1000);
    await store.close();
  });
});
