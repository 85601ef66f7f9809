// Two built servers on one PostgreSQL database, as a deployment behind a load balancer runs
// them (decision 0002 §22), checked over HTTP: a client gets each limit once for the pair, the
// geocoder hears at most one call a second from both, a session signed in on one is
// honoured and ended on the other, each e-mail goes out once though both run the outbox,
// and the dashboard's counters stay exact under concurrent work through both. The limits
// are checked again with REDIS_URL set. PostgreSQL is required: with REQUIRE_POSTGRES=1 its
// absence fails the run (apps/api/test/test-databases.ts); without it the suite is skipped.
// Likewise REQUIRE_REDIS=1 for the Redis check (apps/api/test/test-redis.ts).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { REDIS_AVAILABLE, TEST_REDIS_URL } from '../../apps/api/test/test-redis.ts';
import { type FakeGeocoder, startFakeGeocoder } from '../../e2e/support/fake-geocoder.ts';
import { type Answer, call, signIn, validRequest } from '../support/client.ts';
import { type Instances, startInstances } from '../support/instances.ts';
import { ENGINES, type ServerProcess } from '../support/server.ts';
import { configureSmtp } from '../support/smtp.ts';
import { record } from '../support/summary.ts';

const CREATE_MAX = 5;
const LOOKUP_MAX = 8;
const LIMITS = {
  RATE_LIMIT_CREATE_MAX: String(CREATE_MAX),
  RATE_LIMIT_LOOKUP_MAX: String(LOOKUP_MAX),
  // Each check below is a client of its own (X-Forwarded-For), so they do not share limits.
  TRUST_PROXY: 'true',
};

let clients = 0;
/** A fresh client address (TEST-NET-3), so each check starts with untouched limits. */
const newClient = () => {
  clients += 1;
  return `203.0.${113 + Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};
const as = (client: string) => ({ 'x-forwarded-for': client, 'accept-language': 'en' });

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const tally = (answers: Answer[]) => {
  const by: Record<number, number> = {};
  for (const a of answers) by[a.status] = (by[a.status] ?? 0) + 1;
  return by;
};

/** `n` concurrent calls from one client, alternating between the servers. */
const burst = (servers: ServerProcess[], n: number, send: (base: string) => Promise<Answer>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send((servers[i % servers.length] as ServerProcess).url)));

/** Filing, lookup and reset limits, each for a client of its own, across `servers`. */
async function checkLimits(servers: ServerProcess[], trackedId: number) {
  const filer = newClient();
  const filings = await burst(servers, 40, (base) =>
    call(base, 'POST', '/api/repair-requests', {
      headers: { ...as(filer), 'idempotency-key': `pair-${randomBytes(8).toString('hex')}` },
      body: validRequest,
    }),
  );
  expect(tally(filings)).toEqual({ 201: CREATE_MAX, 429: 40 - CREATE_MAX });

  const reader = newClient();
  const lookups = await burst(servers, 60, (base) =>
    call(base, 'GET', `/api/repair-requests/${trackedId}`, { headers: as(reader) }),
  );
  expect(tally(lookups)).toEqual({ 200: LOOKUP_MAX, 429: 60 - LOOKUP_MAX });

  const forgetful = newClient();
  const resets = await burst(servers, 30, (base) =>
    call(base, 'POST', '/api/admin/request-password-reset', { headers: as(forgetful), body: { username: 'nobody' } }),
  );
  expect(tally(resets)).toEqual({ 200: CREATE_MAX, 429: 30 - CREATE_MAX });

  // Past the limit on every instance, with the reader's words and when to come back.
  for (const server of servers) {
    const refused = await call(server.url, 'GET', `/api/repair-requests/${trackedId}`, { headers: as(reader) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.json.message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
  }
}

describe.skipIf(!ENGINES.includes('postgres'))('two instances on one PostgreSQL', () => {
  let pair: Instances;
  let geocoder: FakeGeocoder;
  let smtp: SmtpCapture;
  let a: ServerProcess;
  let b: ServerProcess;
  let adminCookie: string;
  let trackedId: number;
  const started = Date.now();

  beforeAll(async () => {
    geocoder = await startFakeGeocoder();
    smtp = await startSmtpCapture();
    pair = await startInstances(2, { label: 'two-instances', env: { ...LIMITS, GEOCODER_URL: geocoder.url } });
    [a, b] = pair.servers as [ServerProcess, ServerProcess];
    adminCookie = await signIn(a.url);
    const filed = await call(a.url, 'POST', '/api/repair-requests', { headers: as(newClient()), body: validRequest });
    expect(filed.status).toBe(201);
    trackedId = filed.json.id;
  });
  afterAll(async () => {
    await pair?.close();
    await smtp?.close();
    await geocoder?.close();
    record(`two instances on one PostgreSQL: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('gives a client each limit once for the pair: exactly the maximum across both, then 429 on both', async () => {
    await checkLimits([a, b], trackedId);
  });

  it.skipIf(!REDIS_AVAILABLE)('holds the limits for a pair that counts in Redis', async () => {
    // A Redis key prefix of this run alone: runs on one Redis never share a counter.
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: `acende-hardening:${randomBytes(6).toString('hex')}:`,
    };
    const c = await pair.add({ label: 'two-instances-redis', env });
    const d = await pair.add({ label: 'two-instances-redis', env });
    try {
      await checkLimits([c, d], trackedId);
    } finally {
      // Their geocoder calls are paced in Redis, apart from A's and B's: not in the next check.
      await Promise.all([c.stop(), d.stop()]);
    }
  });

  it('keeps the geocoder at one call a second for the pair, even when both are asked at once', async () => {
    const before = geocoder.requests.length;
    const searches = await Promise.all(
      ['Andradas', 'Ipiranga', 'Alfredo', 'Cidade Baixa'].map((q, i) =>
        call((i % 2 ? b : a).url, 'GET', `/api/geocode/search?q=${encodeURIComponent(q)}`, {
          headers: as(newClient()),
        }),
      ),
    );
    expect(searches.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect(geocoder.requests.length - before).toBeGreaterThanOrEqual(4);
    // Every call the geocoder heard from either instance meanwhile (area lookups of filings
    // too), in order of arrival: none within a second of the one before, give or take the
    // time a call travels.
    const times = geocoder.requests
      .slice(before)
      .map((r) => r.at)
      .sort((x, y) => x - y);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(950);
  });

  it('honours a session on both: signed in on A, used and signed out on B, refused on A', async () => {
    const cookie = await signIn(a.url);
    expect((await call(b.url, 'GET', '/api/admin/profile', { cookie })).status).toBe(200);
    expect((await call(b.url, 'POST', '/api/admin/logout', { cookie })).status).toBeLessThan(300);
    expect((await call(a.url, 'GET', '/api/admin/profile', { cookie })).status).toBe(401);
    expect((await call(b.url, 'GET', '/api/admin/profile', { cookie })).status).toBe(401);
  });

  it('sends each e-mail once though both instances run the outbox', async () => {
    await configureSmtp(a.url, adminCookie, smtp);
    const tag = `pair-${process.pid}-${randomBytes(3).toString('hex')}`;
    const addresses = Array.from({ length: 12 }, (_, i) => `${tag}-${i}@example.com`);
    const filed = await Promise.all(
      addresses.map((email, i) =>
        call((i % 2 ? b : a).url, 'POST', '/api/repair-requests', {
          headers: as(newClient()),
          body: { ...validRequest, email },
        }),
      ),
    );
    expect(filed.map((f) => f.status)).toEqual(addresses.map(() => 201));
    const mine = () => smtp.messages.filter((m) => m.envelopeTo.some((to) => to.startsWith(`${tag}-`)));
    await until(() => mine().length >= addresses.length, 30_000, 'every confirmation e-mail');
    // A few more rounds of both workers: nothing goes twice.
    await new Promise((r) => setTimeout(r, 5000));
    const received = mine().map((m) => m.envelopeTo[0]);
    expect(received).toHaveLength(addresses.length);
    expect(new Set(received)).toEqual(new Set(addresses));
  });

  it('keeps the dashboard counters exact under concurrent filings and status changes through both', async () => {
    const filed = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call((i % 2 ? b : a).url, 'POST', '/api/repair-requests', { headers: as(newClient()), body: validRequest }),
      ),
    );
    expect(filed.every((f) => f.status === 201)).toBe(true);
    const statuses = ['in_progress', 'completed', 'cancelled', 'open'] as const;
    const changes = await Promise.all(
      filed.map(async (f, i) => {
        const server = i % 2 ? a : b;
        const id = f.json.id as number;
        const detail = await call(server.url, 'GET', `/api/admin/repair-requests/${id}`, { cookie: adminCookie });
        return call(server.url, 'PATCH', `/api/admin/repair-requests/${id}`, {
          cookie: adminCookie,
          body: { status: statuses[i % statuses.length], updatedAt: detail.json.updatedAt },
        });
      }),
    );
    expect(changes.map((c) => c.status)).toEqual(changes.map(() => 200));
    const rows = await pair.database.query<{ status: string; n: number | string }>(
      'select status, count(*) as n from repair_requests group by status',
    );
    const expected = { total: 0, open: 0, in_progress: 0, completed: 0, cancelled: 0 };
    for (const row of rows) {
      expected[row.status as keyof typeof expected] = Number(row.n);
      expected.total += Number(row.n);
    }
    for (const server of [a, b]) {
      const counts = await call(server.url, 'GET', '/api/admin/repair-requests/counts', { cookie: adminCookie });
      expect(counts.status).toBe(200);
      expect(counts.json).toEqual(expected);
    }
  });
});
