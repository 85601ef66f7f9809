// Authorisation in one place. A route declares `config: { auth: 'any' | 'operator' | 'admin' | 'crew' }`
// (operator = admin or user; viewer is read-only; crew = field crew accounts only); this plugin
// loads the signed-in account from its session cookie (features/auth/sessions.service.ts) and
// answers 401/403 before the handler runs. A crew account reaches crew routes and the
// `selfService` ones (its profile, password, two-factor) and nothing else (decision 0068).
// Routes without `auth` are public and never touch sessions (the hot path stays lean).
// It also refuses cross-site state changes on /api/admin.

import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { AuthAdmin } from '../core/company-scope.ts';
import { loadAdmin } from '../features/auth/sessions.service.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

export type AuthLevel = 'any' | 'operator' | 'admin' | 'crew';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** Open to an account that must set up two-factor first (its profile and the setup itself; decision 0026). */
    duringTwoFactorSetup?: boolean;
    /** The account's own profile, password, two-factor or sign-out: open to crew accounts too (decision 0068). */
    selfService?: boolean;
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
  /** Open to crew accounts though its level is not `crew` (decision 0068). */
  selfService: boolean;
}

/**
 * Decision 0068: crew routes are for crew accounts only, and a crew account gets nothing but
 * crew routes and self-service ones (its profile, password, two-factor, sign-out).
 */
export function crewMayPass(role: string, level: AuthLevel, selfService: boolean): boolean {
  if (level === 'crew') return role === 'crew';
  return role !== 'crew' || selfService;
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

/** Every /api/admin route and every crew route registered on this app with its declared level (for the role-matrix test). */
export function listAdminRoutes(app: FastifyInstance): AdminRoute[] {
  return [...(adminRoutes.get(app) ?? [])];
}

export async function registerAuth(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('admin', null);

  // Whether a route is under /api/admin is read from the route as registered, not from the
  // request's URL: the router also matches encoded forms (`/api/%61dmin/logout`).
  const guardFor = (admin: boolean) => async (request: FastifyRequest) => {
    // A crew route changes state with a session cookie as the admin ones do: the same refusal.
    const sameSiteOnly = admin || request.routeOptions.config.auth === 'crew';
    if (sameSiteOnly && STATE_CHANGING.has(request.method) && isCrossSite(request)) {
      throw forbidden('common.errors.crossSite');
    }
    const level = request.routeOptions.config.auth;
    if (!level) return;
    request.admin = await loadAdmin(deps, request);
    if (!request.admin) throw unauthorized();
    if (request.admin.twoFactorSetupRequired && !request.routeOptions.config.duringTwoFactorSetup) {
      throw forbidden('admin-access.errors.twoFactor.setupRequired');
    }
    if (!crewMayPass(request.admin.role, level, request.routeOptions.config.selfService === true)) {
      throw forbidden(level === 'crew' ? 'field-work.errors.crewOnly' : 'field-work.errors.fieldOnly');
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
      const config = route.config as
        | { auth?: AuthLevel; signed?: boolean; bearerKey?: boolean; selfService?: boolean }
        | undefined;
      const declared = config?.auth ?? (config?.signed ? 'signed' : config?.bearerKey ? 'bearerKey' : 'public');
      // `x-self-service`: a route a crew account may call though its level is not `crew`.
      const extensions: Record<string, unknown> = { 'x-auth': declared };
      if (config?.selfService) extensions['x-self-service'] = true;
      route.schema = { ...route.schema, ...extensions } as typeof route.schema;
    }
    const config = route.config as { auth?: AuthLevel; selfService?: boolean } | undefined;
    const level = config?.auth;
    const admin = route.url.startsWith('/api/admin');
    // Only routes that need it get the guard: public calls never run it (the hot path stays lean).
    if (admin || level) {
      const own = route.onRequest;
      route.onRequest = [admin ? adminGuard : guard, ...(Array.isArray(own) ? own : own ? [own] : [])];
    }
    if (!admin && level !== 'crew') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url, auth: level, selfService: config?.selfService === true });
    }
  });
}
