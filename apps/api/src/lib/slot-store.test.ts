// The export slots of decision 0044: at most `max` leases of a name at once, a released or
// ended lease frees its slot, and on PostgreSQL two instances (two connection pools) taking
// slots at once never get more than `max` between them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../test/test-databases.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { memorySlotStore, postgresSlotStore, redisSlotStore, type SlotStore } from './slot-store.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function holdsAtMost(store: SlotStore, name: string) {
  const a = await store.acquire(name, 2, 60_000);
  const b = await store.acquire(name, 2, 60_000);
  expect(a).toBeTruthy();
  expect(b).toBeTruthy();
  expect(await store.acquire(name, 2, 60_000)).toBeNull();
  // Another name has slots of its own.
  expect(await store.acquire(`${name}-other`, 2, 60_000)).toBeTruthy();
  await store.release(name, a as string);
  const c = await store.acquire(name, 2, 60_000);
  expect(c).toBeTruthy();
  expect(await store.acquire(name, 2, 60_000)).toBeNull();
}

async function expires(store: SlotStore, name: string) {
  // A holder that never renews (its instance died) frees its slot when the lease ends...
  expect(await store.acquire(name, 1, 150)).toBeTruthy();
  const renewed = await store.acquire(`${name}-renewed`, 1, 150);
  expect(await store.acquire(name, 1, 150)).toBeNull();
  // ...while one that renews keeps it.
  for (let i = 0; i < 4; i++) {
    await sleep(60);
    await store.renew(`${name}-renewed`, renewed as string, 150);
  }
  expect(await store.acquire(name, 1, 60_000)).toBeTruthy();
  expect(await store.acquire(`${name}-renewed`, 1, 60_000)).toBeNull();
}

describe('the memory slot store', () => {
  it('holds at most max leases of a name, and a released one frees its slot', () =>
    holdsAtMost(memorySlotStore(), 'x'));
  it('frees a lease that was not renewed in time', () => expires(memorySlotStore(), 'y'));
});

describe.skipIf(!ENGINES.includes('postgres'))('the PostgreSQL slot store', () => {
  let database: TestDatabase;
  const dbs: Db[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrated: true });
    for (let i = 0; i < 2; i++) dbs.push(createDatabase(database.url, { poolSize: 6 }));
    await migrateToLatest(dbs[0] as Db);
  });
  afterAll(async () => {
    for (const db of dbs) await db.destroy();
    await database?.drop();
  });

  it('holds at most max leases of a name, and a released one frees its slot', () =>
    holdsAtMost(postgresSlotStore(dbs[0] as Db), 'x'));
  it('frees a lease that was not renewed in time', () => expires(postgresSlotStore(dbs[0] as Db), 'y'));

  it('gives two instances taking slots at once no more than max between them', async () => {
    const stores = dbs.map((db) => postgresSlotStore(db));
    for (let round = 0; round < 10; round++) {
      const taken = await Promise.all(
        Array.from({ length: 24 }, (_, i) => (stores[i % 2] as SlotStore).acquire(`crowd-${round}`, 4, 60_000)),
      );
      expect(taken.filter(Boolean), `round ${round}`).toHaveLength(4);
    }
  });
});

describe('the Redis slot store', () => {
  it('falls back to its store while Redis does not answer, and frees the lease there', async () => {
    const fallback = memorySlotStore();
    const store = await redisSlotStore('redis://127.0.0.1:9', 'slots-test:', fallback, { warn: () => {} });
    try {
      const lease = await store.acquire('z', 1, 60_000);
      expect(lease).toBeTruthy();
      expect(await fallback.acquire('z', 1, 60_000)).toBeNull();
      await store.release('z', lease as string);
      expect(await fallback.acquire('z', 1, 60_000)).toBeTruthy();
    } finally {
      store.close();
    }
  });
});

describe('the Redis slot store on a live Redis', () => {
  const prefix = `slots-test-${process.pid}-${Date.now()}:`;
  it('holds at most max leases, frees a released or ended one', async () => {
    const store = await redisSlotStore('redis://127.0.0.1:6379', prefix, memorySlotStore(), { warn: () => {} });
    try {
      const probe = await store.acquire('probe', 1, 1000);
      // No Redis on this machine: the fallback answered, which the test above covers.
      if (!probe) throw new Error('no slot at all');
      await holdsAtMost(store, 'x');
      await expires(store, 'y');
    } finally {
      store.close();
    }
  });
});
