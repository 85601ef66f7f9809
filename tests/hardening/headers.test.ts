// Item 9 of issue 9: security headers on pages and API answers of the built server:
// CSP with object-src 'none' and base-uri 'none', nosniff, no X-Powered-By, no-store on
// every admin answer, no CORS echo for a foreign origin (HSTS in production is checked
// in sessions.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/client.ts';
import { concrete, routeTable } from '../support/openapi.ts';
import { ENGINES, type Engine, startFresh } from '../support/server.ts';

describe.each(ENGINES)('security headers [%s]', (engine: Engine) => {
  let env: Awaited<ReturnType<typeof startFresh>>;
  let cookie: string;
  beforeAll(async () => {
    env = await startFresh(engine, { label: 'headers' });
    cookie = await signIn(env.server.url);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('sends the CSP, nosniff and no X-Powered-By on pages, API answers and errors', async () => {
    for (const [path, withCookie] of [
      ['/', false],
      ['/admin/login', false],
      ['/track/1', false],
      ['/api/health', false],
      ['/api/energy-companies', false],
      ['/api/nothing-here', false],
      ['/api/admin/profile', false],
      ['/api/admin/profile', true],
      // Encoded forms the router matches all the same: still API answers, never pages.
      ['/%61pi/admin/profile', true],
      ['/api/%61dmin/profile', false],
      ['/%61pi/nothing-here', false],
    ] as const) {
      const res = await call(env.server.url, 'GET', path, { cookie: withCookie ? cookie : undefined });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("base-uri 'none'");
      if (decodeURIComponent(path).startsWith('/api/')) {
        if (/admin|nothing/.test(path)) expect(res.headers.get('cache-control'), path).toBe('no-store');
        // API answers are data: nothing may load and nothing may frame them.
        expect(csp, path).toMatch(/default-src 'none'/);
        expect(csp, path).toContain("frame-ancestors 'none'");
      } else {
        expect(csp, path).toContain("object-src 'none'");
        expect(csp, path).toMatch(/default-src 'self'/);
        expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      }
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-powered-by'), path).toBeNull();
      expect(res.headers.get('strict-transport-security'), `${path} (no HSTS outside production)`).toBeNull();
    }
  });

  it('answers Cache-Control: no-store on every admin route, signed in or not', async () => {
    const routes = (await routeTable(env.server.url)).filter(
      (r) => r.method === 'GET' && r.path.startsWith('/api/admin'),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      for (const withCookie of [false, true]) {
        const res = await call(env.server.url, 'GET', concrete(route.path, 1), {
          cookie: withCookie ? cookie : undefined,
        });
        expect(res.headers.get('cache-control'), `${route.path} ${res.status}`).toMatch(/no-store/);
      }
    }
    for (const path of ['/admin/dashboard', '/admin/login']) {
      const res = await call(env.server.url, 'GET', path);
      expect(res.headers.get('cache-control'), path).toMatch(/no-store|no-cache/);
    }
  });

  it('does not echo a foreign Origin (no CORS), not even to a preflight', async () => {
    const evil = { origin: 'https://evil.example' };
    for (const [method, path] of [
      ['GET', '/api/energy-companies'],
      ['GET', '/api/repair-requests/1'],
      ['GET', '/api/admin/profile'],
      ['OPTIONS', '/api/repair-requests'],
      ['OPTIONS', '/api/admin/users'],
    ] as const) {
      const res = await call(env.server.url, method, path, {
        cookie,
        headers: { ...evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(res.headers.get('access-control-allow-origin'), `${method} ${path}`).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), `${method} ${path}`).toBeNull();
    }
    // A cross-site state change on the admin API is refused outright.
    const crossSite = await call(env.server.url, 'POST', '/api/admin/users', {
      cookie,
      headers: evil,
      body: { username: 'intruso', password: 'intruso-123', name: 'Intruso', role: 'admin', companies: [] },
    });
    expect(crossSite.status).toBe(403);
  });
});
