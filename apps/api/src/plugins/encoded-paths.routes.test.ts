// The router decodes percent-escapes before it matches a route, so `/api/%61dmin/logout` is
// the logout route. What is decided by path (the cross-site check on /api/admin, the API's
// headers, the web app's fallback) must see the same path, however it is written.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { signedIn } from '../../test/accounts.ts';
import { describeEachEngine, it } from '../../test/engines.ts';
import { validRequest } from '../../test/requests.ts';

const webDist = mkdtempSync(join(tmpdir(), 'acende-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body>web app</body></html>');

const hostile = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

describeEachEngine(
  'encoded paths',
  (ctx) => {
    it('refuses a cross-site sign-out through an encoded path, and the session lives on', async () => {
      const account = await signedIn(ctx());
      for (const url of ['/api/%61dmin/logout', '/%61pi/admin/logout', '/api/admin/%6c%6F%67out']) {
        const res = await ctx().app.inject({ method: 'POST', url, headers: { ...account.headers, ...hostile } });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message, url).toMatch(/origem|site/i);
      }
      const profile = await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers });
      expect(profile.statusCode).toBe(200);
      // The same call from the page itself still signs out.
      const own = await ctx().app.inject({ method: 'POST', url: '/api/%61dmin/logout', headers: account.headers });
      expect(own.statusCode).toBe(204);
      expect((await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers })).statusCode).toBe(401);
    });

    it('gives an encoded API path the API headers: no-store and a policy that loads nothing', async () => {
      const account = await signedIn(ctx());
      const plain = await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers });
      for (const url of ['/%61pi/admin/profile', '/%61%70%69/admin/profile', '/api/%61dmin/profile']) {
        const res = await ctx().app.inject({ url, headers: account.headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(plain.body);
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.headers['content-security-policy'], url).toBe(plain.headers['content-security-policy']);
        expect(res.headers['x-frame-options'], url).toBe('DENY');
      }
      const anonymous = await ctx().app.inject({ url: '/%61pi/admin/profile' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('no-store');
    });

    it('answers an encoded tracking read through the route, with the plain form’s body and headers', async () => {
      const created = await ctx().app.inject({ method: 'POST', url: '/api/repair-requests', payload: validRequest });
      expect(created.statusCode).toBe(201);
      const { id, trackingToken } = created.json() as { id: number; trackingToken: string };
      const plain = await ctx().app.inject({ url: `/api/repair-requests/${id}?t=${trackingToken}` });
      for (const url of [
        `/%61pi/repair-requests/${id}?t=${trackingToken}`,
        `/api/repair-requests/%3${String(id)[0]}${String(id).slice(1)}?t=${trackingToken}`,
      ]) {
        const res = await ctx().app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(plain.body);
        expect(res.headers['cache-control'], url).toBe(plain.headers['cache-control']);
        expect(res.headers['content-security-policy'], url).toBe(plain.headers['content-security-policy']);
      }
    });

    it('answers an unknown encoded API path with the JSON 404, not the web app', async () => {
      const page = await ctx().app.inject({ url: '/admin/dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('web app');
      for (const url of ['/%61pi/nothing-here', '/api/nothing-%68ere']) {
        const res = await ctx().app.inject({ url, headers: { 'accept-language': 'en' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ message: 'Route not found' });
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    });
  },
  { env: { WEB_DIST: webDist } },
);
