import { errorResponseSchema } from '@acende/shared/schemas/api';
import { adminProfileSchema, changePasswordSchema, loginSchema } from '@acende/shared/schemas/auth';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { actorOf } from '../audit/audit.actor.ts';
import { verifyCaptchaOrThrow } from '../captcha/captcha.service.ts';
import { auditSignIn } from './auth.audit.ts';
import { changeOwnPassword, endSession, logIn, signOut, toProfile } from './auth.service.ts';
import { LoginThrottledError } from './login-throttle.ts';
import { loadAdmin, loadAdminBySession, sessionCookieName, sessionCookieOptions } from './sessions.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const meta = (request: { headers: Record<string, unknown>; ip: string }) => ({
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    ip: request.ip,
  });

  app.post(
    '/api/admin/login',
    {
      schema: {
        tags: ['admin auth'],
        summary: 'Sign in; sets the session cookie and answers the profile',
        body: loginSchema,
        response: {
          200: adminProfileSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await verifyCaptchaOrThrow(deps, request.body.captchaToken, request);
      } catch (error) {
        // Named as the captchaToken field: the sign-in form then shows the check even when
        // its own view of the captcha settings was stale or missing.
        if (error instanceof AppError && error.status === 400) {
          throw new AppError(error.code, 400, error.params, { captchaToken: error.code });
        }
        throw error;
      }
      try {
        const { token, admin } = await logIn(deps, request.body, meta(request));
        const previous = await loadAdmin(deps, request);
        if (previous) await endSession(deps, previous.sessionHash);
        reply.setCookie(sessionCookieName(deps), token, sessionCookieOptions(deps));
        request.admin = admin;
        await auditSignIn(deps, request, request.body.username, { account: admin });
        return toProfile(admin);
      } catch (error) {
        noteRefusedCredentials(deps, reply, error);
        await auditSignIn(deps, request, request.body.username, { error });
        throw error;
      }
    },
  );

  app.post(
    '/api/admin/logout',
    {
      schema: { tags: ['admin auth'], summary: 'Sign out; ends the session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const admin = await loadAdmin(deps, request);
      if (admin) await signOut(deps, admin, { id: admin.id, username: admin.username, ip: request.ip });
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

  app.post(
    '/api/admin/change-password',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin auth'],
        summary: "Changes the signed-in account's password; ends its other sessions and renews this one",
        body: changePasswordSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      try {
        const token = await changeOwnPassword(deps, admin, request.body, meta(request), actorOf(request));
        reply.setCookie(sessionCookieName(deps), token, sessionCookieOptions(deps));
        request.admin = await loadAdminBySession(deps, hashToken(token));
        return reply.code(204).send(null);
      } catch (error) {
        noteRefusedCredentials(deps, reply, error);
        throw error;
      }
    },
  );
};

/** A refused password check (sign-in or change): Retry-After when throttled, and the failure counted. */
function noteRefusedCredentials(deps: AppDeps, reply: FastifyReply, error: unknown): void {
  if (error instanceof LoginThrottledError) {
    reply.header('retry-after', String(error.retryAfterSeconds));
    deps.metrics.signInFailed('throttled');
  } else if (error instanceof AppError && error.status === 401) deps.metrics.signInFailed('credentials');
}
