// Decision 0002 §2 for every /api/admin route the app has, found from Fastify itself (an
// onRoute hook in plugins/auth.ts), so a route added later is checked without editing
// this file: anonymous → 401; viewer, user, admin and crew as the route's declared level says
// (a crew account passes crew routes and the self-service ones only, decision 0068).
// Also: no /api/admin route but the sign-in/out and password-reset ones may lack `auth`,
// and a company-scoped account never sees another company's request through any of them.
import { expect } from 'vitest';
import { signedIn, signedInCrew, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { type AdminRoute, type AuthLevel, listAdminRoutes, PUBLIC_ADMIN_ROUTES } from '../../plugins/auth.ts';

const ROLES = ['viewer', 'user', 'admin', 'crew'] as const;
type MatrixRole = (typeof ROLES)[number];
const ALLOWED: Record<AuthLevel, readonly MatrixRole[]> = {
  any: ['viewer', 'user', 'admin'],
  operator: ['user', 'admin'],
  admin: ['admin'],
  crew: ['crew'],
};
/** Who passes a route: its level's roles, and a crew account on a self-service route too. */
const allowed = (route: AdminRoute, role: MatrixRole) =>
  ALLOWED[route.auth as AuthLevel].includes(role) || (role === 'crew' && route.selfService);
const signedInAs = (ctx: Parameters<typeof signedIn>[0], role: MatrixRole) =>
  role === 'crew' ? signedInCrew(ctx) : signedIn(ctx, { role });

/** A concrete URL for a route pattern: every parameter becomes `id`, a wildcard becomes `x`. */
const concrete = (url: string, id: number | string) => url.replace(/:[A-Za-z_]\w*/g, String(id)).replace(/\*/g, 'x');

describeEachEngine('role matrix of the admin API', (ctx) => {
  const routes = () => listAdminRoutes(ctx().app);
  const key = (r: AdminRoute) => `${r.method} ${r.url}`;
  const send = (route: AdminRoute, headers: Record<string, string>, id: number | string = 999_999) =>
    ctx().app.inject({
      method: route.method as 'GET',
      url: concrete(route.url, id),
      headers,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('finds the admin routes, including the ones this issue defines', () => {
    const found = routes().map(key);
    for (const expected of [
      'POST /api/admin/login',
      'POST /api/admin/logout',
      'GET /api/admin/profile',
      'POST /api/admin/change-password',
      'GET /api/admin/users',
      'POST /api/admin/users',
      'PUT /api/admin/users/:id',
      'POST /api/admin/login/two-factor',
      'GET /api/admin/two-factor',
      'POST /api/admin/two-factor/setup',
      'POST /api/admin/two-factor/confirm',
      'POST /api/admin/two-factor/disable',
      'POST /api/admin/users/:id/two-factor/reset',
      'GET /api/admin/security-settings',
      'PUT /api/admin/security-settings',
      'GET /api/admin/retention-settings',
      'PUT /api/admin/retention-settings',
      'POST /api/admin/repair-requests/:id/anonymize',
      'POST /api/admin/repair-requests/:id/transfer',
      'POST /api/admin/repair-requests/bulk',
      'GET /api/admin/reply-templates',
      'POST /api/admin/reply-templates',
      'PUT /api/admin/reply-templates/:id',
      'DELETE /api/admin/reply-templates/:id',
      'GET /api/admin/reports/sla',
      'GET /api/admin/reports/sla.pdf',
      'GET /api/admin/reports/sla.csv',
      'GET /api/admin/repair-targets',
      'PUT /api/admin/repair-targets',
      'GET /api/admin/repair-requests/:id/duplicate-candidates',
      'POST /api/admin/repair-requests/:id/duplicate',
      'POST /api/admin/repair-requests/:id/duplicate/undo',
      'GET /api/admin/repair-requests/:id/photos',
      'GET /api/admin/repair-requests/:id/photos.pdf',
      'GET /api/admin/repair-requests/:id/photos/:photoId',
      'PATCH /api/admin/repair-requests/:id/photos/:photoId',
      'GET /api/admin/open311-keys',
      'POST /api/admin/open311-keys',
      'POST /api/admin/open311-keys/:id/revoke',
    ]) {
      expect(found).toContain(expected);
    }
  });

  it('declares an auth level on every admin route but signing in/out and the password reset', () => {
    const unguarded = routes()
      .filter((r) => !r.auth)
      .map(key)
      .filter((k) => !PUBLIC_ADMIN_ROUTES.has(k));
    expect(unguarded).toEqual([]);
  });

  it('answers 401 to anonymous callers on every guarded admin route', async () => {
    for (const route of routes().filter((r) => r.auth)) {
      const res = await send(route, {});
      expect(res.statusCode, `${key(route)} anonymous`).toBe(401);
    }
  });

  it('lets each role through exactly as its level says, and answers 403 otherwise', async () => {
    const accounts: Record<string, TestAccount> = {};
    for (const role of ROLES) accounts[role] = await signedInAs(ctx(), role);
    for (const route of routes().filter((r) => r.auth)) {
      const level = route.auth as AuthLevel;
      for (const role of ROLES) {
        const res = await send(route, (accounts[role] as TestAccount).headers);
        const label = `${key(route)} as ${role} (level ${level}): ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (allowed(route, role)) {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          expect(res.statusCode, label).toBe(403);
        }
      }
      // A call may have ended a session (e.g. a logout-like route): start fresh ones for the next route.
      for (const role of ROLES) {
        const alive = await ctx().app.inject({
          url: '/api/admin/profile',
          headers: (accounts[role] as TestAccount).headers,
        });
        if (alive.statusCode !== 200) accounts[role] = await signedInAs(ctx(), role);
      }
    }
  });

  it('opens to a crew account exactly the self-service routes of /api/admin, each marked in OpenAPI', async () => {
    const self = routes()
      .filter((r) => r.selfService)
      .map(key)
      .sort();
    expect(self).toEqual([
      'GET /api/admin/profile',
      'GET /api/admin/two-factor',
      'POST /api/admin/change-password',
      'POST /api/admin/logout',
      'POST /api/admin/two-factor/confirm',
      'POST /api/admin/two-factor/disable',
      'POST /api/admin/two-factor/setup',
    ]);
    const doc = (await ctx().app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-auth'?: string; 'x-self-service'?: boolean }>>;
    };
    expect(doc.paths['/api/admin/profile']?.get?.['x-self-service']).toBe(true);
    expect(doc.paths['/api/admin/users']?.get?.['x-self-service']).toBeUndefined();
    // Every crew route says so in the document (`x-auth: crew`), as the role matrix reads it.
    for (const route of routes().filter((r) => r.auth === 'crew')) {
      const path = route.url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()]?.['x-auth'], key(route)).toBe('crew');
    }
  });

  it('never shows a company-scoped account a request of another company', async () => {
    const admin = await signedIn(ctx(), { role: 'admin' });
    const scopedUser = await signedIn(ctx(), { role: 'user', companyIds: [1] });
    const scopedViewer = await signedIn(ctx(), { role: 'viewer', companyIds: [1, 2] });
    const readable = routes().filter((r) => r.method === 'GET' && r.auth && r.auth !== 'admin');
    const listLike = readable.filter((r) => !r.url.includes(':'));
    // PDFs carry a random document id and their creation time; everything else must match byte for byte.
    const stable = (body: string) => body.replace(/\/ID \[[^\]]*\]/g, '/ID []').replace(/\(D:\d{14}[^)]*\)/g, '(D:)');
    // One route at a time: exports are capped per account (decision 0044), so a burst of them
    // would be a 429 here and a file there, and the snapshots would differ for that alone.
    const snapshot = async (account: TestAccount) => {
      const bodies: string[] = [];
      for (const route of listLike) bodies.push(stable((await send(route, account.headers)).body));
      return bodies;
    };
    const before = {
      admin: await snapshot(admin),
      user: await snapshot(scopedUser),
      viewer: await snapshot(scopedViewer),
    };

    const now = ctx().clock.now().toISOString();
    const marker = `Fora-do-escopo-${process.pid}-${Date.now()}`;
    const outside = await ctx()
      .db.insertInto('repairRequests')
      .values({
        name: marker,
        email: 'fora@example.com',
        phone: '51900000001',
        address: `Rua ${marker}, 1`,
        reference: marker,
        problemType: 'LIGHT_OUT',
        latitude: '-30.03',
        longitude: '-51.23',
        companyId: 3,
        notes: marker,
        trackingTokenHash: 'x',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Lists, counts and charts: a request of company 3 changes nothing the scoped accounts see...
    expect(await snapshot(scopedUser)).toEqual(before.user);
    expect(await snapshot(scopedViewer)).toEqual(before.viewer);
    // ...while the admin, who sees all, does see a difference wherever requests are shown.
    const adminAfter = await snapshot(admin);
    const changedForAdmin = listLike.filter((_, i) => adminAfter[i] !== before.admin[i]).length;
    if (listLike.some((r) => r.url.includes('repair-requests'))) expect(changedForAdmin).toBeGreaterThan(0);

    // Single-record routes: the request outside the scope answers 404 and never shows its data.
    for (const route of readable.filter((r) => r.url.includes(':'))) {
      const asAdmin = await send(route, admin.headers, outside.id);
      for (const account of [scopedUser, scopedViewer]) {
        const res = await send(route, account.headers, outside.id);
        expect(res.body, `${key(route)} leaks another company's request`).not.toContain(marker);
        if (asAdmin.body.includes(marker)) expect(res.statusCode, key(route)).toBe(404);
      }
    }
  });
});
