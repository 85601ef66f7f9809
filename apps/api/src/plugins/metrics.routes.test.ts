// GET /metrics as Prometheus and a stranger see it (decision 0019), on both engines: the
// counters move with the calls that feed them (the tracking read answered before Fastify
// included), random paths add no series, the outbox's backlog comes from the database, a
// database failure is counted, and without METRICS_TOKEN there is no such path.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachEngine, it, testConfig } from '../../test/engines.ts';
import { validRequest } from '../../test/requests.ts';
import { type App, buildApp } from '../app.ts';

const TOKEN = 'metrics-test-token-0123456789';
// No built web app: an unknown path is a 404, not the web app's page.
const NO_WEB = { WEB_DIST: join(import.meta.dirname, 'no-web-here') };

/** The value of one sample of the exposition text, by name and (some of) its labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const answers = (method: string, route: string, status: number) => ({
  method,
  route,
  status_code: String(status),
});

describeEachEngine(
  'Prometheus metrics',
  (ctx) => {
    let base = '';
    beforeAll(async () => {
      await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
    });

    const scrape = async () => {
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };
    const count = (text: string, method: string, route: string, status: number) =>
      sample(text, 'acende_http_request_duration_seconds_count', answers(method, route, status)) ?? 0;

    it('counts filings, tracking reads (the fast path too), failed sign-ins and answers by route', async () => {
      const before = await scrape();

      const filed = await fetch(`${base}/api/repair-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validRequest),
      });
      expect(filed.status).toBe(201);
      const { id } = (await filed.json()) as { id: number };
      // On SQLite this read is answered before Fastify (decision 0012); it must be counted all the same.
      expect((await fetch(`${base}/api/repair-requests/${id}`)).status).toBe(200);
      expect((await fetch(`${base}/api/repair-requests/${id}`)).status).toBe(200);
      const wrong = await fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
      });
      expect(wrong.status).toBe(401);
      // Random paths: counted under one route label, never by their URL.
      const noise = randomBytes(6).toString('hex');
      expect((await fetch(`${base}/api/${noise}`)).status).toBe(404);
      expect((await fetch(`${base}/${noise}/x?y=${noise}`)).status).toBe(404);

      const after = await scrape();
      const moved = (name: string, labels?: Record<string, string>) =>
        (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
      expect(moved('acende_requests_filed_total')).toBe(1);
      expect(moved('acende_sign_in_failures_total', { reason: 'credentials' })).toBe(1);
      expect(sample(after, 'acende_sign_in_failures_total', { reason: 'throttled' })).toBe(0);
      expect(
        count(after, 'POST', '/api/repair-requests', 201) - count(before, 'POST', '/api/repair-requests', 201),
      ).toBe(1);
      expect(
        count(after, 'GET', '/api/repair-requests/:id', 200) - count(before, 'GET', '/api/repair-requests/:id', 200),
      ).toBe(2);
      expect(count(after, 'POST', '/api/admin/login', 401) - count(before, 'POST', '/api/admin/login', 401)).toBe(1);
      expect(count(after, 'GET', '(unmatched)', 404) - count(before, 'GET', '(unmatched)', 404)).toBe(2);
      expect(after).not.toContain(noise);
      // One sample per name and label set (the tracking route is counted from two places).
      const samples = after.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
      const keys = samples.map((line) => line.slice(0, line.lastIndexOf(' ')));
      expect(new Set(keys).size).toBe(keys.length);
      // The previous scrape is counted by its route too.
      expect(count(after, 'GET', '/metrics', 200)).toBeGreaterThanOrEqual(1);
      expect(
        sample(after, 'acende_http_request_duration_seconds_bucket', {
          ...answers('POST', '/api/repair-requests', 201),
          le: '+Inf',
        }),
      ).toBe(count(after, 'POST', '/api/repair-requests', 201));
      // Node's own, event-loop lag among them; the pool's only on PostgreSQL.
      expect(sample(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      if (ctx().engine === 'postgres') {
        expect(sample(after, 'acende_db_pool_connections')).toBeGreaterThanOrEqual(1);
        expect(sample(after, 'acende_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
        expect(sample(after, 'acende_db_pool_waiting_queries')).toBe(0);
      } else {
        expect(after).not.toContain('acende_db_pool_');
      }
    });

    it('reads the outbox backlog from the database at each scrape', async () => {
      const { db, clock } = ctx();
      const at = (secondsAgo: number) => new Date(clock.now().getTime() - secondsAgo * 1000).toISOString();
      const email = (n: number, status: string, secondsAgo: number) => ({
        kind: 'status_update',
        toAddress: 'someone@example.com',
        subject: 'Test',
        textBody: 'x',
        htmlBody: 'x',
        messageId: `<metrics-${n}-${randomBytes(4).toString('hex')}@acende.test>`,
        status,
        nextAttemptAt: at(secondsAgo),
        createdAt: at(secondsAgo),
      });
      // Written by another instance, as far as this one knows: straight into the table.
      await db
        .insertInto('emailOutbox')
        .values([email(1, 'sent', 7200), email(2, 'failed', 3600), email(3, 'pending', 600), email(4, 'pending', 60)])
        .execute();
      // And SMS (issue 36): the counts by state, as any instance wrote them.
      const sms = (status: string) => ({
        channel: 'sms',
        kind: 'status_update',
        requestId: null,
        toAddress: '+5551999990000',
        body: '',
        language: 'pt',
        status,
        nextAttemptAt: at(60),
        createdAt: at(60),
      });
      await db
        .insertInto('channelOutbox')
        .values([sms('sent'), sms('sent'), sms('failed'), sms('stopped')])
        .execute();
      const text = await scrape();
      expect(sample(text, 'acende_database_up')).toBe(1);
      expect(sample(text, 'acende_channel_messages', { channel: 'sms', status: 'sent' })).toBe(2);
      expect(sample(text, 'acende_channel_messages', { channel: 'sms', status: 'failed' })).toBe(1);
      expect(sample(text, 'acende_channel_messages', { channel: 'sms', status: 'stopped' })).toBe(1);
      expect(sample(text, 'acende_channel_messages', { channel: 'sms', status: 'pending' })).toBe(0);
      expect(sample(text, 'acende_email_outbox_unsent')).toBe(2);
      expect(sample(text, 'acende_email_outbox_oldest_unsent_age_seconds')).toBe(600);
      clock.advance(30_000);
      expect(sample(await scrape(), 'acende_email_outbox_oldest_unsent_age_seconds')).toBe(630);
      await db.updateTable('emailOutbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
      const none = await scrape();
      expect(sample(none, 'acende_email_outbox_unsent')).toBe(0);
      expect(sample(none, 'acende_email_outbox_oldest_unsent_age_seconds')).toBe(0);
    });

    it('counts a failing database, in a call and in a scrape', async () => {
      const { db } = ctx();
      const before = await scrape();
      const errors = () => sample(before, 'acende_database_errors_total') ?? 0;
      await sql`alter table energy_companies rename to energy_companies_away`.execute(db);
      await sql`alter table email_outbox rename to email_outbox_away`.execute(db);
      try {
        expect((await fetch(`${base}/api/energy-companies`)).status).toBe(500);
        const failing = await scrape();
        expect(sample(failing, 'acende_database_up')).toBe(0);
        expect(sample(failing, 'acende_database_errors_total')).toBe(errors() + 2);
      } finally {
        await sql`alter table email_outbox_away rename to email_outbox`.execute(db);
        await sql`alter table energy_companies_away rename to energy_companies`.execute(db);
      }
      expect((await fetch(`${base}/api/energy-companies`)).status).toBe(200);
      expect(sample(await scrape(), 'acende_database_up')).toBe(1);
    });

    it('answers 401 in the reader’s language without the token, with a wrong one or another scheme', async () => {
      const wrongToken = `${TOKEN.slice(0, -1)}X`;
      for (const authorization of [undefined, `Bearer ${wrongToken}`, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
        const res = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
        expect(res.status, authorization).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(await res.json()).toEqual({ message: 'Token de métricas ausente ou inválido' });
      }
      const en = await fetch(`${base}/metrics`, { headers: { 'accept-language': 'en' } });
      expect(en.status).toBe(401);
      expect(await en.json()).toEqual({ message: 'Missing or invalid metrics token' });
      // The scheme is not case-sensitive (RFC 9110).
      expect((await fetch(`${base}/metrics`, { headers: { authorization: `bearer ${TOKEN}` } })).status).toBe(200);
    });

    describe404WithoutToken(ctx);
  },
  { env: { METRICS_TOKEN: TOKEN, ...NO_WEB } },
);

/** Without METRICS_TOKEN (a second app on the same database): /metrics is an unknown path. */
function describe404WithoutToken(ctx: () => { app: App; db: App['deps']['db']; config: App['deps']['config'] }) {
  let plain: App | undefined;
  beforeAll(async () => {
    const config = testConfig(ctx().config.DATABASE_URL, NO_WEB);
    expect(config.METRICS_TOKEN).toBeUndefined();
    plain = await buildApp({ config, db: ctx().db, logger: false });
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('has no /metrics when METRICS_TOKEN is unset: 404 like any unknown path', async () => {
    const app = plain as App;
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const unknown = await app.inject({ url: '/metrics-or-not' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Rota não encontrada' });
    expect(res.json()).toEqual(unknown.json());
  });
}
