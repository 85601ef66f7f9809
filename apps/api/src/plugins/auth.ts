// Authorisation in one place. A route declares `config: { auth: 'any' | 'operator' | 'admin' }`
// (operator = admin or user; viewer is read-only); this plugin loads the signed-in
// account from its session cookie (features/auth/sessions.service.ts) and answers 401/403
// before the handler runs.
// Routes without `auth` are public and never touch sessions (the hot path stays lean).
// It also refuses cross-site state changes on /api/admin.

import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { AuthAdmin } from '../core/company-scope.ts';
import { loadAdmin } from '../features/auth/sessions.service.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

export type AuthLevel = 'any' | 'operator' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** Open to an account that must set up two-factor first (its profile and the setup itself; decision 0026). */
    duringTwoFactorSetup?: boolean;
    /** Called by a provider with its signature, never a session (`x-auth: signed`, issue 36). */
    signed?: boolean;
    /** Called by a company's system with its bearer key, never a session (`x-auth: bearerKey`, decision 0066). */
    bearerKey?: boolean;
  }
  interface FastifyRequest {
    admin: AuthAdmin | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Same-origin check for browsers; clients that send neither header (curl, tests) pass. */
function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin) {
    try {
      return new URL(origin).host !== request.headers.host;
    } catch {
      return true;
    }
  }
  return false;
}

export interface AdminRoute {
  method: string;
  url: string;
  auth: AuthLevel | undefined;
}

/** /api/admin routes that are public on purpose: signing in (both steps, or the e-mailed link) and out, and the password-reset flow. */
export const PUBLIC_ADMIN_ROUTES = new Set([
  'POST /api/admin/login',
  'POST /api/admin/login/two-factor',
  'POST /api/admin/login/link',
  'POST /api/admin/logout',
  'POST /api/admin/request-password-reset',
  'POST /api/admin/complete-password-reset',
]);

const adminRoutes = new WeakMap<FastifyInstance, AdminRoute[]>();

/** Every /api/admin route registered on this app with its declared level (for the role-matrix test). */
export function listAdminRoutes(app: FastifyInstance): AdminRoute[] {
  return [...(adminRoutes.get(app) ?? [])];
}

export async function registerAuth(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('admin', null);

  // Whether a route is under /api/admin is read from the route as registered, not from the
  // request's URL: the router also matches encoded forms (`/api/%61dmin/logout`).
  const guardFor = (admin: boolean) => async (request: FastifyRequest) => {
    if (admin && STATE_CHANGING.has(request.method) && isCrossSite(request)) {
      throw forbidden('common.errors.crossSite');
    }
    const level = request.routeOptions.config.auth;
    if (!level) return;
    request.admin = await loadAdmin(deps, request);
    if (!request.admin) throw unauthorized();
    if (request.admin.twoFactorSetupRequired && !request.routeOptions.config.duringTwoFactorSetup) {
      throw forbidden('admin-access.errors.twoFactor.setupRequired');
    }
    if (level === 'admin' && request.admin.role !== 'admin') throw forbidden();
    if (level === 'operator' && request.admin.role === 'viewer') throw forbidden();
  };

  const adminGuard = guardFor(true);
  const guard = guardFor(false);

  const routes: AdminRoute[] = [];
  adminRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    // The OpenAPI document states each route's level (`x-auth`), so clients and the
    // hardening suite's role matrix read it from the running server.
    if (route.url.startsWith('/api/')) {
      // A provider's webhook (issue 36) is called with its signature, never a session: `signed`.
      const config = route.config as { auth?: AuthLevel; signed?: boolean; bearerKey?: boolean } | undefined;
      const declared = config?.auth ?? (config?.signed ? 'signed' : config?.bearerKey ? 'bearerKey' : 'public');
      route.schema = { ...route.schema, 'x-auth': declared } as typeof route.schema;
    }
    const level = (route.config as { auth?: AuthLevel } | undefined)?.auth;
    const admin = route.url.startsWith('/api/admin');
    // Only routes that need it get the guard: public calls never run it (the hot path stays lean).
    if (admin || level) {
      const own = route.onRequest;
      route.onRequest = [admin ? adminGuard : guard, ...(Array.isArray(own) ? own : own ? [own] : [])];
    }
    if (!admin) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url, auth: (route.config as { auth?: AuthLevel } | undefined)?.auth });
    }
  });
}
