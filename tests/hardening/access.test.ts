// Item 6 of issue 9: the role matrix of EVERY route of the running server (read from its
// OpenAPI document, so a new route is covered without editing this file) × anonymous,
// viewer, user, admin, a company-scoped user and a field crew account, checked over HTTP
// against the built process. Levels: public, any (signed in), operator (admin or user), admin
// (decision 0002 §2), crew (crew accounts only; a crew account also passes `x-self-service`
// routes and nothing else, decision 0068).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, createAccount, fileRequest, signIn } from '../support/client.ts';
import { concrete, errorMessage, type Level, type Route, routeKey, routeTable } from '../support/openapi.ts';
import { ENGINES, type Engine, startFresh } from '../support/server.ts';
import { record } from '../support/summary.ts';

/** /api/admin routes that are public on purpose: signing in (both steps, or the e-mailed link) and out and the password reset. */
const PUBLIC_ADMIN = new Set([
  'POST /api/admin/login',
  'POST /api/admin/login/two-factor',
  'POST /api/admin/login/link',
  'POST /api/admin/logout',
  'POST /api/admin/request-password-reset',
  'POST /api/admin/complete-password-reset',
]);
/** Decision 0002 §2: users, energy companies and the e-mail / theme / captcha / security settings are for admins only; so are webhooks (0065). */
const ADMIN_ONLY =
  /^\/api\/admin\/(users|energy-companies|email-settings|theme-settings|captcha-settings|security-settings|webhooks)(\/|$)/;

type Actor = 'anonymous' | 'viewer' | 'user' | 'admin' | 'scopedUser' | 'crew';
const ACTORS: Actor[] = ['anonymous', 'viewer', 'user', 'admin', 'scopedUser', 'crew'];
const ALLOWED: Record<Level, Actor[]> = {
  public: ACTORS,
  any: ['viewer', 'user', 'admin', 'scopedUser'],
  operator: ['user', 'admin', 'scopedUser'],
  admin: ['admin'],
  crew: ['crew'],
  // Open311's POST takes a client's key, never a session: every actor without one is refused.
  apiKey: [],
  // A provider's webhook takes its signature, never a session: unsigned, every actor is refused.
  signed: [],
  // A company's system's routes take its integration key as a bearer token, never a session: 401 without one.
  bearerKey: [],
};

describe.each(ENGINES)('role matrix of the built server [%s]', (engine: Engine) => {
  let env: Awaited<ReturnType<typeof startFresh>>;
  let routes: Route[];
  const cookies: Partial<Record<Actor, string>> = {};
  const accounts: Partial<Record<Actor, Account>> = {};
  let adminCookie: string;
  let outside: { id: number };
  const marker = `Fora-do-escopo-${process.pid}`;

  beforeAll(async () => {
    env = await startFresh(engine, { label: 'access' });
    adminCookie = await signIn(env.server.url);
    for (const [actor, role, companies] of [
      ['viewer', 'viewer', []],
      ['user', 'user', []],
      ['admin', 'admin', []],
      ['scopedUser', 'user', [1]],
      ['crew', 'crew', [1]],
    ] as const) {
      accounts[actor] = await createAccount(env.server.url, adminCookie, role, [...companies]);
      cookies[actor] = accounts[actor]?.cookie;
    }
    // A request of company 2: outside the scoped user's companies.
    outside = await fileRequest(env.server.url, { company: '2', name: marker, reference: marker });
    routes = await routeTable(env.server.url);
  });
  afterAll(async () => {
    await env?.close();
  });

  const send = (route: Route, actor: Actor, id: number | string) =>
    call(env.server.url, route.method, concrete(route.path, id), {
      cookie: actor === 'anonymous' ? undefined : cookies[actor],
      body: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
    });

  it('reads every route and its level from the OpenAPI document', () => {
    const keys = routes.map(routeKey);
    for (const expected of [
      'POST /api/repair-requests',
      'GET /api/repair-requests/{id}',
      'GET /api/admin/users',
      'PATCH /api/admin/repair-requests/{id}',
      'POST /api/admin/email-settings',
    ]) {
      expect(keys).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(30);
  });

  it('guards every /api/admin route but signing in/out and the password reset; settings are admin-only', () => {
    const unguarded = routes.filter((r) => r.path.startsWith('/api/admin') && r.level === 'public').map(routeKey);
    expect(unguarded.filter((k) => !PUBLIC_ADMIN.has(k))).toEqual([]);
    const weak = routes.filter((r) => ADMIN_ONLY.test(r.path) && r.level !== 'admin').map(routeKey);
    expect(weak).toEqual([]);
    // Writes to requests are for operators, or only admins (the on-demand anonymisation, decision 0027); never viewers.
    const writes = routes.filter(
      (r) =>
        r.path.startsWith('/api/admin/repair-requests') &&
        r.method !== 'GET' &&
        r.level !== 'operator' &&
        r.level !== 'admin',
    );
    expect(writes.map(routeKey)).toEqual([]);
  });

  it('lets each actor through exactly as the level says: 401 anonymous, 403 a role below it', async () => {
    let cells = 0;
    for (const route of routes) {
      if (route.path.endsWith('/logout')) continue; // would end the actors' sessions; covered in sessions.test.ts
      for (const actor of ACTORS) {
        const res = await send(route, actor, 999_999);
        cells += 1;
        const label = `${routeKey(route)} (${route.level}) as ${actor}: ${res.status} ${res.text.slice(0, 160)}`;
        expect(res.status, label).toBeLessThan(500);
        const allowed = ALLOWED[route.level].includes(actor) || (actor === 'crew' && route.selfService);
        if (allowed) {
          expect([401, 403], label).not.toContain(res.status);
        } else {
          const keyed = route.level === 'apiKey' || route.level === 'signed';
          const expected = route.level === 'bearerKey' ? 401 : actor === 'anonymous' && !keyed ? 401 : 403;
          expect(res.status, label).toBe(expected);
          expect(typeof errorMessage(res), label).toBe('string');
        }
      }
    }
    record(`access [${engine}]: ${routes.length} routes x ${ACTORS.length} actors = ${cells} cells checked`);
  });

  it('reads the Open311 routes from the document; their POST lets a client key through and nothing else', async () => {
    const open311 = routes.filter((r) => r.path.startsWith('/open311/v2/')).map((r) => `${routeKey(r)} ${r.level}`);
    expect(open311.sort()).toEqual([
      'GET /open311/v2/discovery.{format} public',
      'GET /open311/v2/requests.{format} public',
      'GET /open311/v2/requests/{id}.{format} public',
      'GET /open311/v2/servicerequestupdates.{format} public',
      'GET /open311/v2/services.{format} public',
      'GET /open311/v2/services/{code}.{format} public',
      'GET /open311/v2/tokens/{token}.{format} public',
      'POST /open311/v2/requests.{format} apiKey',
    ]);
    const issued = await call(env.server.url, 'POST', '/api/admin/open311-keys', {
      cookie: adminCookie,
      body: { name: 'Matriz' },
    });
    expect(issued.status, issued.text).toBe(201);
    for (const format of ['json', 'xml'] as const) {
      const res = await call(env.server.url, 'POST', `/open311/v2/requests.${format}`, {
        raw: new URLSearchParams({ api_key: issued.json.key, service_code: 'nada' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      // Past the key: the form's own fields are what it refuses.
      expect(res.status, res.text).toBe(400);
      expect(errorMessage(res)).toBeTruthy();
    }
  });

  it('reads the seven webhook routes from the document, each for admins only (decision 0065)', () => {
    const hooks = routes
      .filter((r) => r.path.startsWith('/api/admin/webhooks'))
      .map((r) => `${routeKey(r)} ${r.level}`);
    expect(hooks.sort()).toEqual([
      'DELETE /api/admin/webhooks/{id} admin',
      'GET /api/admin/webhooks admin',
      'GET /api/admin/webhooks/deliveries admin',
      'PATCH /api/admin/webhooks/{id} admin',
      'POST /api/admin/webhooks admin',
      'POST /api/admin/webhooks/deliveries/{id}/replay admin',
      'POST /api/admin/webhooks/{id}/secret admin',
    ]);
  });

  it("reads the integration routes from the document; a company's key reaches its own requests only", async () => {
    const keyed = routes.filter((r) => r.path.startsWith('/api/integration/')).map((r) => `${routeKey(r)} ${r.level}`);
    expect(keyed.sort()).toEqual([
      'GET /api/integration/v1/requests/{id} bearerKey',
      'POST /api/integration/v1/requests/{id}/changes bearerKey',
    ]);
    const issued = await call(env.server.url, 'POST', '/api/admin/integration-keys', {
      cookie: adminCookie,
      body: { companyId: 1, name: 'Matriz' },
    });
    expect(issued.status, issued.text).toBe(201);
    const headers = { authorization: `Bearer ${issued.json.key}`, 'idempotency-key': 'matriz-1' };
    // Past the key: the body is what it refuses; the outside request (company 2) is not there for it.
    const empty = await call(env.server.url, 'POST', `/api/integration/v1/requests/${outside.id}/changes`, {
      headers,
      body: {},
    });
    expect(empty.status, empty.text).toBe(400);
    for (const [method, path, body] of [
      ['GET', `/api/integration/v1/requests/${outside.id}`, undefined],
      ['POST', `/api/integration/v1/requests/${outside.id}/changes`, { status: 'completed' }],
    ] as const) {
      const res = await call(env.server.url, method, path, { headers, body });
      expect(res.status, res.text).toBe(404);
      expect(res.text).not.toContain(marker);
    }
  });

  it('answers 404 to the scoped user for a request of another company, on every route taking a request id', async () => {
    const detail = await call(env.server.url, 'GET', `/api/admin/repair-requests/${outside.id}`, {
      cookie: adminCookie,
    });
    expect(detail.status).toBe(200);
    const byId = routes.filter((r) => r.path.includes('/repair-requests/{id}') && r.path.startsWith('/api/admin'));
    expect(byId.length).toBeGreaterThan(0);
    for (const route of byId) {
      // A body every write on a request accepts as well formed (a transfer's active company and
      // reason, a duplicate's original, a photo's flag), so what refuses it is the scope, not the body.
      const body =
        route.method === 'GET'
          ? undefined
          : {
              status: 'completed',
              notes: 'fora',
              companyId: 1,
              reason: 'fora',
              originalId: outside.id,
              isPublic: true,
              updatedAt: detail.json.updatedAt,
            };
      const res = await call(env.server.url, route.method, concrete(route.path, outside.id), {
        cookie: cookies.scopedUser,
        body,
      });
      // An admin-only route refuses the user before looking (403), which says nothing about the request either.
      expect(res.status, `${routeKey(route)}: ${res.text}`).toBe(route.level === 'admin' ? 403 : 404);
      expect(res.text).not.toContain(marker);
    }
    // ...and the request was not changed by the refused update.
    const after = await call(env.server.url, 'GET', `/api/admin/repair-requests/${outside.id}`, {
      cookie: adminCookie,
    });
    expect(after.json.status).toBe('open');
    // Lists and reports the scoped user reads never carry it.
    for (const route of routes.filter((r) => r.method === 'GET' && r.level !== 'admin' && !r.path.includes('{'))) {
      if (!route.path.startsWith('/api/admin')) continue;
      const res = await send(route, 'scopedUser', 0);
      expect(res.text, routeKey(route)).not.toContain(marker);
    }
  });
});
