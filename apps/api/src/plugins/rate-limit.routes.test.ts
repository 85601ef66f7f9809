// The public limits as a client sees them (decision 0002 §22): a client gets exactly the limit,
// under 100 concurrent requests, and on PostgreSQL (or with Redis) across two apps on one
// database, as two instances would; a Redis that does not answer leaves the limits holding.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type FakeGeocoder, startFakeGeocoder } from '../../../../e2e/support/fake-geocoder.ts';
import { describeEachEngine, it, testConfig } from '../../test/engines.ts';
import { validRequest } from '../../test/requests.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../test/test-databases.ts';
import { REDIS_AVAILABLE, TEST_REDIS_URL } from '../../test/test-redis.ts';
import { type App, buildApp } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

const LIMITS = { RATE_LIMIT_CREATE_MAX: '4', RATE_LIMIT_LOOKUP_MAX: '6' };

/** Statuses of `n` concurrent calls, spread over `apps` in turn. */
async function statuses(apps: App[], n: number, call: (app: App, i: number) => Promise<{ statusCode: number }>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => call(apps[i % apps.length] as App, i)));
  return answers.map((a) => a.statusCode);
}

const lookup = (app: App) => app.inject({ url: '/api/repair-requests/999999', headers: { 'accept-language': 'en' } });
const file = (app: App, i: number) =>
  app.inject({
    method: 'POST',
    url: '/api/repair-requests',
    headers: { 'idempotency-key': `limit-test-${i}-${randomBytes(4).toString('hex')}` },
    payload: validRequest,
  });
const reset = (app: App) =>
  app.inject({ method: 'POST', url: '/api/admin/request-password-reset', payload: { username: 'nobody' } });

const count = (list: number[], status: number) => list.filter((s) => s === status).length;

for (const redis of [false, true]) {
  if (redis && !REDIS_AVAILABLE) {
    // Recorded, not dropped: a CI run fails on a skipped test (decision 0045).
    describe('public limits in Redis', () => {
      it.skip(`Redis does not answer at ${TEST_REDIS_URL} (REQUIRE_REDIS=1 makes this a failure)`, () => {});
    });
    continue;
  }
  describeEachEngine(
    `public limits${redis ? ' in Redis' : ''}`,
    (ctx) => {
      // A second app on the same database with its own pool, as a second instance would have.
      let other: { app: App; db: Db } | undefined;
      const env = () => ({
        ...LIMITS,
        ...(redis ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: ctx().config.REDIS_KEY_PREFIX } : {}),
      });
      // Memory counts per process: on SQLite without Redis one app is the whole service.
      const apps = () => (other ? [ctx().app, other.app] : [ctx().app]);
      beforeAll(async () => {
        if (ctx().engine === 'sqlite' && !redis) return;
        const config = testConfig(ctx().config.DATABASE_URL, env());
        const db = createDatabase(config.DATABASE_URL, { poolSize: 5 });
        const app = await buildApp({ config, db, clock: ctx().clock, logger: false });
        await app.ready();
        other = { app, db };
      });
      afterAll(async () => {
        await other?.app.close();
        await other?.db.destroy();
      });

      it('lets a client look up exactly the limit under 100 concurrent requests, then answers 429 on every instance', async () => {
        const seen = await statuses(apps(), 100, lookup);
        expect(count(seen, 404)).toBe(6);
        expect(count(seen, 429)).toBe(94);
        for (const app of apps()) {
          const refused = await lookup(app);
          expect(refused.statusCode).toBe(429);
          expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
          expect(refused.headers['x-ratelimit-limit']).toBe('6');
          expect(refused.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
        }
      });

      it('lets a client file exactly the limit, however many it sends at once, and stores no more', async () => {
        const before = await ctx()
          .db.selectFrom('repairRequests')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        const seen = await statuses(apps(), 30, file);
        expect(count(seen, 201)).toBe(4);
        expect(count(seen, 429)).toBe(26);
        const after = await ctx()
          .db.selectFrom('repairRequests')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(after.n) - Number(before.n)).toBe(4);
      });

      it('lets a client ask for exactly the limit of reset links, counted apart from filings', async () => {
        const seen = await statuses(apps(), 30, reset);
        expect(count(seen, 200)).toBe(4);
        expect(count(seen, 429)).toBe(26);
      });
    },
    {
      // Each run and engine counts under its own keys.
      env: () => ({
        ...LIMITS,
        ...(redis
          ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `acende-test:${randomBytes(6).toString('hex')}:` }
          : {}),
      }),
    },
  );
}

describeEachEngine(
  'a client past its limit',
  (ctx) => {
    it('is served again once its window has ended', async () => {
      const first = await statuses([ctx().app], 10, lookup);
      expect(count(first, 429)).toBe(4);
      await new Promise((r) => setTimeout(r, 1100));
      const again = await statuses([ctx().app], 10, lookup);
      expect(count(again, 404)).toBe(6);
      expect(count(again, 429)).toBe(4);
    });
  },
  { env: { ...LIMITS, RATE_LIMIT_WINDOW_MS: '1000' } },
);

describeEachEngine(
  'public limits while Redis does not answer',
  (ctx) => {
    it('counts in the database (or memory) instead: the limit holds, no 500', async () => {
      const seen = await statuses([ctx().app], 20, lookup);
      expect(count(seen, 404)).toBe(6);
      expect(count(seen, 429)).toBe(14);
    });
  },
  { env: { ...LIMITS, REDIS_URL: 'redis://127.0.0.1:9' } },
);

// Two apps with their own geocoder (one per configuration) on one PostgreSQL database, as two
// instances have. On SQLite (one process) two apps would share nothing, and need not.
describe.skipIf(!ENGINES.includes('postgres'))('the geocoder pace [postgres]', () => {
  let geocoder: FakeGeocoder | undefined;
  let database: TestDatabase | undefined;
  const apps: { app: App; db: Db }[] = [];
  beforeAll(async () => {
    geocoder = await startFakeGeocoder();
    database = await createTestDatabase('postgres', { migrated: true });
    for (let i = 0; i < 2; i++) {
      const config = testConfig(database.url, { GEOCODER_URL: geocoder.url });
      const db = createDatabase(config.DATABASE_URL, { poolSize: 5 });
      if (i === 0) await migrateToLatest(db);
      const app = await buildApp({ config, db, logger: false });
      await app.ready();
      apps.push({ app, db });
    }
  });
  afterAll(async () => {
    for (const { app, db } of apps) {
      await app.close();
      await db.destroy();
    }
    await geocoder?.close();
    await database?.drop();
  });

  it('keeps upstream calls a second apart when both instances are asked at once', async () => {
    const queries = ['Andradas', 'Ipiranga', 'Alfredo', 'Andradas Centro'];
    const answers = await Promise.all(
      queries.map((q, i) =>
        (apps[i % 2] as { app: App }).app.inject({ url: `/api/geocode/search?q=${encodeURIComponent(q)}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const times = (geocoder as FakeGeocoder).requests.map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    // The pace spaces slots 1.2 s apart; a call may leave its slot late by some milliseconds.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(950);
  });
});
