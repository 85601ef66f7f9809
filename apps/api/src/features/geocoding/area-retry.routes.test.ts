// Issue 20: a request filed while the geocoder is down gets its area later, from the retry
// worker: marked at filing, claimed by one instance at a time, retried with backoff a bounded
// number of times; the area report then names it.
import { afterAll, expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { startFakeGeocoder } from '../../../test/fake-geocoder.ts';
import { validRequest } from '../../../test/requests.ts';
import { type App, buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import {
  AREA_CLAIM_LEASE_MS,
  AREA_FIRST_RETRY_MS,
  AREA_MAX_ATTEMPTS,
  AREA_RETRY_BASE_MS,
  AREA_RETRY_MAX_MS,
  processAreaRetriesOnce,
  startAreaRetryWorker,
} from './area-retry.ts';
import { createGeocoder, setGeocoderFor } from './geocoding.service.ts';

const fake = await startFakeGeocoder();
afterAll(() => fake.close());

const reverseCallsAt = (latitude: string) =>
  fake.calls.filter((c) => c.path === '/reverse' && Number(c.params.get('lat')) === Number(latitude)).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachEngine(
  'the area filled in later',
  (ctx) => {
    // No pause between upstream calls, and a fresh cache (and no cool-down) per test.
    const fastGeocoder = (config = ctx().config) =>
      setGeocoderFor(config, createGeocoder({ baseUrl: fake.url, userAgent: 'test', minIntervalMs: 0 }));
    /**
     * Where the stand-in names Picada Café, Linha Nova; each `n` a point of its own (no shared
     * cache, and the stand-in's log of calls counted per point and engine).
     */
    const village = (n: number) => ({
      latitude: (-29.4611 - (n + (ctx().engine === 'postgres' ? 50 : 0)) * 0.00001).toFixed(5),
      longitude: '-51.2011',
    });
    const row = (id: number) =>
      ctx()
        .db.selectFrom('repairRequests')
        .select(['district', 'city', 'areaRetryAt', 'areaAttempts', 'createdAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    /** Files at `point` while the geocoder fails, and waits for the filing instance's own lookup to fail. */
    const fileWhileDown = async (point: { latitude: string; longitude: string }) => {
      fake.mode = 'fail';
      const before = reverseCallsAt(point.latitude);
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: { ...validRequest, email: '', ...point },
      });
      expect(res.statusCode).toBe(201);
      // The first filing asks (and fails); later ones skip the lookup during the cool-down.
      for (let i = 0; i < 50 && reverseCallsAt(point.latitude) === before; i++) await sleep(10);
      await sleep(30);
      return res.json().id as number;
    };
    const dueNow = async (id: number) => {
      const { areaRetryAt } = await row(id);
      const wait = new Date(String(areaRetryAt)).getTime() - ctx().clock.now().getTime();
      if (wait > 0) ctx().clock.advance(wait);
    };

    it('marks a request filed while the geocoder is down and fills its area in at the first retry', async () => {
      fastGeocoder();
      const point = village(1);
      const id = await fileWhileDown(point);
      const filed = await row(id);
      expect(filed).toMatchObject({ district: null, city: null, areaAttempts: 0 });
      expect(new Date(String(filed.areaRetryAt)).getTime() - new Date(filed.createdAt).getTime()).toBe(
        AREA_FIRST_RETRY_MS,
      );

      fake.mode = 'ok';
      // Not due yet: the filing instance's own lookup has its time first.
      expect(await processAreaRetriesOnce(ctx().app.deps)).toEqual({ filled: 0, failed: 0 });
      expect(reverseCallsAt(point.latitude)).toBe(1);
      ctx().clock.advance(AREA_FIRST_RETRY_MS);
      expect(await processAreaRetriesOnce(ctx().app.deps)).toEqual({ filled: 1, failed: 0 });
      expect(await row(id)).toMatchObject({
        district: 'Picada Café',
        city: 'Linha Nova',
        areaRetryAt: null,
        areaAttempts: 1,
      });
      expect(reverseCallsAt(point.latitude)).toBe(2);

      // The area report names it: no "unknown" row.
      const admin = await signedIn(ctx(), { role: 'admin' });
      const report = (await ctx().app.inject({ url: '/api/admin/reports/area', headers: admin.headers })).json();
      expect(report.rows.map((r: { key: string }) => r.key)).toEqual(['Linha Nova|Picada Café']);
    });

    it('marks nothing when the geocoder answers at filing', async () => {
      fastGeocoder();
      fake.mode = 'ok';
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/repair-requests',
        payload: { ...validRequest, email: '', ...village(2) },
      });
      const id = res.json().id as number;
      for (let i = 0; i < 50 && (await row(id)).district === null; i++) await sleep(10);
      expect(await row(id)).toMatchObject({ district: 'Picada Café', areaRetryAt: null, areaAttempts: 0 });
    });

    it('backs off between failed tries and leaves the area unknown after the last one', async () => {
      fastGeocoder();
      const point = village(3);
      const id = await fileWhileDown(point);
      let previousDelay = 0;
      for (let attempt = 1; attempt <= AREA_MAX_ATTEMPTS; attempt++) {
        await dueNow(id);
        expect(await processAreaRetriesOnce(ctx().app.deps), `try ${attempt}`).toEqual({ filled: 0, failed: 1 });
        const after = await row(id);
        expect(after.areaAttempts).toBe(attempt);
        if (attempt < AREA_MAX_ATTEMPTS) {
          const delay = new Date(String(after.areaRetryAt)).getTime() - ctx().clock.now().getTime();
          expect(delay, `try ${attempt}`).toBe(Math.min(AREA_RETRY_MAX_MS, AREA_RETRY_BASE_MS * 2 ** (attempt - 1)));
          expect(delay).toBeGreaterThanOrEqual(previousDelay);
          previousDelay = delay;
          // Not again before its time.
          expect(await processAreaRetriesOnce(ctx().app.deps)).toEqual({ filled: 0, failed: 0 });
        } else {
          expect(after.areaRetryAt).toBeNull();
        }
      }
      expect(reverseCallsAt(point.latitude)).toBe(1 + AREA_MAX_ATTEMPTS);
      // Given up: even with the geocoder back, nothing is tried again.
      fake.mode = 'ok';
      ctx().clock.advance(10 * AREA_RETRY_MAX_MS);
      expect(await processAreaRetriesOnce(ctx().app.deps)).toEqual({ filled: 0, failed: 0 });
      expect(await row(id)).toMatchObject({ district: null, city: null, areaAttempts: AREA_MAX_ATTEMPTS });
      expect(reverseCallsAt(point.latitude)).toBe(1 + AREA_MAX_ATTEMPTS);
    });

    it('stops a round at the first failure: the other rows wait for the next round', async () => {
      fastGeocoder();
      const ids = [await fileWhileDown(village(4)), await fileWhileDown(village(5))];
      ctx().clock.advance(AREA_FIRST_RETRY_MS);
      expect(await processAreaRetriesOnce(ctx().app.deps)).toEqual({ filled: 0, failed: 1 });
      const attempts = await Promise.all(ids.map(async (id) => (await row(id)).areaAttempts));
      expect(attempts.sort()).toEqual([0, 1]);
      fake.mode = 'ok';
      ctx().clock.advance(AREA_RETRY_BASE_MS);
      expect(await processAreaRetriesOnce(ctx().app.deps)).toEqual({ filled: 2, failed: 0 });
    });

    it('leaves a request another instance filled in while its own lookup was failing', async () => {
      fastGeocoder();
      const id = await fileWhileDown(village(40));
      ctx().clock.advance(AREA_FIRST_RETRY_MS);
      // The lookup is slow to fail: meanwhile its lease ran out, another instance claimed the
      // row and filled it in.
      setGeocoderFor(
        ctx().config,
        createGeocoder({
          baseUrl: fake.url,
          userAgent: 'test',
          minIntervalMs: 0,
          fetch: async (url, init) => {
            await ctx()
              .db.updateTable('repairRequests')
              .set({ district: 'Centro', city: 'Outra Cidade', areaRetryAt: null })
              .where('id', '=', id)
              .execute();
            return fetch(url, init);
          },
        }),
      );
      expect(await processAreaRetriesOnce(ctx().app.deps)).toEqual({ filled: 0, failed: 1 });
      expect(await row(id)).toMatchObject({ district: 'Centro', city: 'Outra Cidade', areaRetryAt: null });
      // Not re-opened: no later round looks it up again.
      fake.mode = 'ok';
      fastGeocoder();
      ctx().clock.advance(AREA_RETRY_MAX_MS);
      expect(await processAreaRetriesOnce(ctx().app.deps)).toEqual({ filled: 0, failed: 0 });
      expect(await row(id)).toMatchObject({ district: 'Centro', city: 'Outra Cidade', areaRetryAt: null });
    });

    it('does not count a database error after an answer as a failed lookup', async () => {
      fastGeocoder();
      const id = await fileWhileDown(village(41));
      fake.mode = 'ok';
      ctx().clock.advance(AREA_FIRST_RETRY_MS);
      // The claim goes through; the write of the answer meets a database error.
      let failures = 1;
      const db = new Proxy(ctx().db, {
        get(target, key) {
          if (key === 'updateTable' && failures-- > 0) {
            return () => {
              throw new Error('database unavailable');
            };
          }
          const value = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      await expect(processAreaRetriesOnce({ ...ctx().app.deps, db })).rejects.toThrow('database unavailable');
      // No backoff: the row keeps its claim's lease and comes back when it runs out.
      expect(await row(id)).toMatchObject({
        district: null,
        areaAttempts: 1,
        areaRetryAt: new Date(ctx().clock.now().getTime() + AREA_CLAIM_LEASE_MS).toISOString(),
      });
      ctx().clock.advance(AREA_CLAIM_LEASE_MS);
      expect(await processAreaRetriesOnce(ctx().app.deps)).toEqual({ filled: 1, failed: 0 });
      expect(await row(id)).toMatchObject({ district: 'Picada Café', areaRetryAt: null, areaAttempts: 2 });
    });

    it('never lets two instances on one database look the same request up', async () => {
      const second = await secondInstance(ctx());
      try {
        fastGeocoder();
        fastGeocoder(second.deps.config);
        const points = Array.from({ length: 8 }, (_, i) => village(10 + i));
        const ids: number[] = [];
        for (const point of points) ids.push(await fileWhileDown(point));
        fake.mode = 'ok';
        ctx().clock.advance(AREA_FIRST_RETRY_MS);
        const before = points.map((p) => reverseCallsAt(p.latitude));
        const rounds = await Promise.all([
          processAreaRetriesOnce(ctx().app.deps),
          processAreaRetriesOnce(second.deps),
          processAreaRetriesOnce(ctx().app.deps),
          processAreaRetriesOnce(second.deps),
        ]);
        expect(rounds.reduce((sum, r) => sum + r.filled, 0)).toBe(points.length);
        for (const [i, point] of points.entries()) {
          expect(reverseCallsAt(point.latitude) - (before[i] ?? 0), `point ${i}`).toBe(1);
        }
        for (const id of ids) expect(await row(id)).toMatchObject({ district: 'Picada Café', areaAttempts: 1 });
      } finally {
        await second.close();
      }
    });

    it('runs rounds on its own and stops cleanly, between two rows', async () => {
      // Each upstream call takes 150 ms: the worker is stopped in the middle of one.
      setGeocoderFor(
        ctx().config,
        createGeocoder({
          baseUrl: fake.url,
          userAgent: 'test',
          minIntervalMs: 0,
          fetch: async (url, init) => {
            await sleep(150);
            return fetch(url, init);
          },
        }),
      );
      const first = await fileWhileDown(village(30));
      // The second filing skips the lookup (the cool-down after the first one's failure).
      const second = await fileWhileDown(village(31));
      fake.mode = 'ok';
      ctx().clock.advance(AREA_FIRST_RETRY_MS);
      const rounds: number[] = [];
      const worker = startAreaRetryWorker(ctx().app.deps, {
        intervalMs: 1,
        onRound: (result) => rounds.push(result.filled),
      });
      // Claimed (its lookup under way): stop now.
      for (let i = 0; i < 400 && (await row(first)).areaAttempts === 0; i++) await sleep(5);
      await worker.stop();
      // The row in hand was finished, the next one left for later.
      expect(await row(first)).toMatchObject({ district: 'Picada Café', areaRetryAt: null, areaAttempts: 1 });
      expect(await row(second)).toMatchObject({ district: null, areaAttempts: 0 });
      expect(rounds).toEqual([1]);
      // Stopped: no round after.
      await sleep(200);
      expect(await row(second)).toMatchObject({ district: null, areaAttempts: 0 });
      expect(rounds).toEqual([1]);
      expect(await processAreaRetriesOnce(ctx().app.deps)).toEqual({ filled: 1, failed: 0 });
    });
  },
  { env: { GEOCODER_URL: fake.url } },
);

/** Another app on the same database, as a second instance would run. */
async function secondInstance(ctx: TestContext): Promise<App & { close(): Promise<void> }> {
  const db = createDatabase(ctx.config.DATABASE_URL, { poolSize: 5 });
  const app = await buildApp({ config: { ...ctx.config }, db, clock: ctx.clock, logger: false });
  await app.ready();
  const close = app.close.bind(app);
  return Object.assign(app, {
    close: async () => {
      await close();
      await db.destroy();
    },
  }) as App & { close(): Promise<void> };
}
