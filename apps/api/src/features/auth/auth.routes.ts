import { errorResponseSchema } from '@acende/shared/schemas/api';
import { adminProfileSchema, loginSchema } from '@acende/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { loadAdmin, sessionCookieName, sessionCookieOptions } from '../../plugins/auth.ts';
import { endSession, startSession, toProfile, verifyCredentials } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/api/admin/login',
    {
      schema: {
        tags: ['admin auth'],
        summary: 'Sign in; sets the session cookie and answers the profile',
        body: loginSchema,
        response: { 200: adminProfileSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const account = await verifyCredentials(deps, request.body.username, request.body.password);
      const previous = await loadAdmin(deps, request);
      if (previous) await endSession(deps, previous.sessionHash);
      const token = await startSession(deps, account.id, {
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      });
      reply.setCookie(sessionCookieName(deps), token, sessionCookieOptions(deps));
      const links = await deps.db
        .selectFrom('adminCompanies')
        .select('companyId')
        .where('adminId', '=', account.id)
        .execute();
      return toProfile({
        id: account.id,
        username: account.username,
        name: account.name,
        email: account.email,
        role: account.role as 'admin',
        language: account.language === 'en' ? 'en' : 'pt',
        companyIds: links.map((l) => l.companyId).sort((a, b) => a - b),
      });
    },
  );

  app.post(
    '/api/admin/logout',
    {
      schema: { tags: ['admin auth'], summary: 'Sign out; ends the session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const admin = await loadAdmin(deps, request);
      if (admin) await endSession(deps, admin.sessionHash);
      reply.clearCookie(sessionCookieName(deps), sessionCookieOptions(deps));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/profile',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin auth'],
        summary: 'The signed-in account (401 when not signed in)',
        response: { 200: adminProfileSchema, 401: errorResponseSchema },
      },
    },
    async (request) => toProfile(request.admin!),
  );
};
