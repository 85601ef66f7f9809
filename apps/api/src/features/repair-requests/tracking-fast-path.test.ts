// The tracking read's fast path (decision 0012), seen as a client sees it: over real HTTP,
// against the same request answered by Fastify's route (app.inject never reaches the
// server's listener, so it always takes the route).
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/engines.ts';
import { validRequest as valid } from '../../../test/requests.ts';
import { createTestDatabase, ENGINES, type Engine, type TestDatabase } from '../../../test/test-databases.ts';
import { type App, buildApp } from '../../app.ts';
import { createDatabase, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedExampleCompanies } from '../../db/seed.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over a real connection, with every header of the answer as sent. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that differ between any two answers, whoever sends them. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive']);
const lasting = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

interface Started {
  app: App;
  db: Db;
  base: string;
  /** Requests that reached Fastify's hooks (the fast path's never do). */
  routed: () => number;
  logs: Record<string, unknown>[];
  lifecycle: { closing: boolean };
}

async function start(engine: Engine, env: Record<string, string> = {}, logLevel?: string) {
  const database = await createTestDatabase(engine, { migrated: true });
  const config = testConfig(database.url, env);
  const db = createDatabase(config.DATABASE_URL, { poolSize: 5 });
  await migrateToLatest(db);
  await seedExampleCompanies(db, new Date().toISOString());
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const lifecycle = { closing: false };
  const app = await buildApp({
    config,
    db,
    lifecycle,
    logger: logLevel ? { level: logLevel, stream } : false,
  });
  let routed = 0;
  app.addHook('onRequest', (_request, _reply, done) => {
    routed += 1;
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const started: Started = { app, db, base: `http://127.0.0.1:${port}`, routed: () => routed, logs, lifecycle };
  return { started, database };
}

async function file(app: App, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: '/api/repair-requests', payload: valid, headers });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; trackingToken: string };
}

for (const engine of ENGINES) {
  describe(`the tracking read's fast path [${engine}]`, () => {
    const fast = engine === 'sqlite';
    let started: Started;
    let database: TestDatabase;
    beforeAll(async () => {
      ({ started, database } = await start(engine));
    });
    afterAll(async () => {
      await started.app.close();
      await started.db.destroy();
      await database.drop();
    });

    it('answers what the route answers, masked and whole, with the same headers', async () => {
      const { app, base } = started;
      const created = await file(app);
      for (const path of [
        `/api/repair-requests/${created.id}`,
        `/api/repair-requests/${created.id}?t=${created.trackingToken}`,
      ]) {
        const before = started.routed();
        const overHttp = await get(base, path);
        // On SQLite the answer came before Fastify's hooks; on PostgreSQL through them.
        expect(started.routed() - before).toBe(fast ? 0 : 1);
        const routed = await app.inject({ url: path });
        expect(overHttp.status).toBe(200);
        expect(overHttp.body).toBe(routed.body);
        expect(lasting(overHttp.headers)).toEqual(lasting(routed.headers));
        expect(Object.keys(overHttp.headers).filter((name) => !PER_ANSWER.has(name))).toEqual(
          Object.keys(routed.headers).filter((name) => !PER_ANSWER.has(name)),
        );
        expect(overHttp.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(overHttp.headers['x-request-id']).not.toBe(routed.headers['x-request-id']);
      }
      const masked = JSON.parse((await get(base, `/api/repair-requests/${created.id}`)).body);
      expect(masked).toMatchObject({ id: created.id, masked: true, name: 'Maria D. S. S.', phone: '•••• 4321' });
      const whole = JSON.parse((await get(base, `/api/repair-requests/${created.id}?t=${created.trackingToken}`)).body);
      expect(whole).toMatchObject({ masked: false, name: valid.name, phone: valid.phone, email: valid.email });
    });

    it('leaves a wrong token masked, and every other form of the call to the route', async () => {
      const { app, base } = started;
      const created = await file(app);
      const wrong = JSON.parse((await get(base, `/api/repair-requests/${created.id}?t=not-the-token-at-all`)).body);
      expect(wrong).toMatchObject({ masked: true, name: 'Maria D. S. S.' });

      for (const [path, status] of [
        [`/api/repair-requests/${created.id}?t=${created.trackingToken}&x=1`, 200],
        // Encoded forms the fast path does not read: the route answers them (the router decodes).
        [`/%61pi/repair-requests/${created.id}?t=${created.trackingToken}`, 200],
        [`/api/repair-requests/%3${String(created.id)[0]}${String(created.id).slice(1)}`, 200],
        [`/api/repair-requests/0${created.id}`, 400],
        ['/api/repair-requests/2147483648', 400],
        ['/api/repair-requests/99999999', 404],
      ] as const) {
        const before = started.routed();
        const res = await get(base, path, { 'accept-language': 'en' });
        expect(res.status, path).toBe(status);
        expect(started.routed() - before, path).toBe(1);
      }
      const missing = await get(base, '/api/repair-requests/99999999', { 'accept-language': 'en' });
      expect(JSON.parse(missing.body).message).toBe('Request not found');
      const ausente = await get(base, '/api/repair-requests/99999999');
      expect(JSON.parse(ausente.body).message).toBe('Solicitação não encontrada');
      const head = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${base}/api/repair-requests/${created.id}`, { method: 'HEAD' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(head).toBe(200);
    });

    it('steps aside while shutting down: the route answers and closes the connection', async () => {
      const { app, base } = started;
      const created = await file(app);
      started.lifecycle.closing = true;
      try {
        const before = started.routed();
        const res = await get(base, `/api/repair-requests/${created.id}`);
        expect(res.status).toBe(200);
        expect(res.headers.connection).toBe('close');
        expect(started.routed() - before).toBe(1);
      } finally {
        started.lifecycle.closing = false;
      }
    });
  });

  describe(`the tracking read's fast path: limits and logs [${engine}]`, () => {
    const runs: { started: Started; database: TestDatabase }[] = [];
    afterAll(async () => {
      for (const { started, database } of runs) {
        await started.app.close();
        await started.db.destroy();
        await database.drop();
      }
    });
    const begin = async (env: Record<string, string>, logLevel?: string) => {
      const run = await start(engine, env, logLevel);
      runs.push(run);
      return run.started;
    };

    it('counts in the route’s rate-limit windows: past the limit the route answers 429', async () => {
      const started = await begin({ RATE_LIMIT_LOOKUP_MAX: '3' });
      const created = await file(started.app);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await get(started.base, `/api/repair-requests/${created.id}`)).status);
      // An unknown number counts in the same window, answered by the route.
      const fourth = await get(started.base, '/api/repair-requests/99999999', { 'accept-language': 'en' });
      const fifth = await get(started.base, `/api/repair-requests/${created.id}`, { 'accept-language': 'en' });
      expect(statuses).toEqual([200, 200, 200]);
      expect(fourth.status).toBe(429);
      expect(fifth.status).toBe(429);
      expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
      expect(fifth.headers['x-ratelimit-limit']).toBe('3');
      expect(JSON.parse(fifth.body).message).toMatch(/Too many requests/i);
    });

    it('behind a trusted proxy, counts each forwarded client on its own', async () => {
      const started = await begin({ RATE_LIMIT_LOOKUP_MAX: '1', TRUST_PROXY: 'true' });
      const created = await file(started.app);
      const path = `/api/repair-requests/${created.id}`;
      const a = { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' };
      expect((await get(started.base, path, a)).status).toBe(200);
      expect((await get(started.base, path, a)).status).toBe(429);
      expect((await get(started.base, path, { 'x-forwarded-for': '198.51.100.20' })).status).toBe(200);
    });

    it('logs each answer as Fastify logs a request: two lines, its id, the token redacted', async () => {
      const started = await begin({}, 'info');
      const created = await file(started.app);
      started.logs.length = 0;
      const res = await get(started.base, `/api/repair-requests/${created.id}?t=${created.trackingToken}`);
      expect(res.status).toBe(200);
      const lines = started.logs.filter((line) => line.reqId === res.headers['x-request-id']);
      expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      expect(lines[0]?.req).toMatchObject({
        method: 'GET',
        url: `/api/repair-requests/${created.id}?t=[redacted]`,
        remoteAddress: '127.0.0.1',
      });
      expect(JSON.stringify(started.logs)).not.toContain(created.trackingToken);
      expect(lines[1]).toMatchObject({ res: { statusCode: 200 } });
      expect(typeof lines[1]?.responseTime).toBe('number');
      // The route's own line for a form the fast path leaves to it: the same fields, and
      // every query value but the harmless ones redacted in both.
      const routed = await get(started.base, `/%61pi/repair-requests/${created.id}?t=${created.trackingToken}&q=Maria`);
      const routedLine = started.logs.find(
        (line) => line.reqId === routed.headers['x-request-id'] && line.msg === 'incoming request',
      );
      expect(Object.keys(routedLine?.req as object).sort()).toEqual(Object.keys(lines[0]?.req as object).sort());
      expect((routedLine?.req as { url?: string } | undefined)?.url).toBe(
        `/%61pi/repair-requests/${created.id}?t=[redacted]&q=[redacted]`,
      );
      expect(JSON.stringify(started.logs)).not.toContain('Maria');
    });
  });
}
