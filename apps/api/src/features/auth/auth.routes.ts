import { translate } from '@acende/shared/i18n/catalogues';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import {
  adminProfileSchema,
  changePasswordSchema,
  loginSchema,
  signInNextStepSchema,
  signInWithLinkSchema,
} from '@acende/shared/schemas/auth';
import { twoFactorRequiredSchema, twoFactorSignInSchema } from '@acende/shared/schemas/two-factor';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { verifyCaptchaOrThrow } from '../../core/captcha/captcha.service.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { hashToken } from '../../lib/tokens.ts';
import { auditSignIn } from './auth.audit.ts';
import {
  changeOwnPassword,
  completeSignIn,
  endSession,
  logIn,
  type SignedIn,
  signInWithLink,
  signOut,
  toProfile,
} from './auth.service.ts';
import { LoginThrottledError } from './login-throttle.ts';
import {
  loadAdmin,
  loadAdminBySession,
  pendingSignInCookieName,
  pendingSignInCookieOptions,
  sessionCookieName,
  sessionCookieOptions,
} from './sessions.service.ts';
import { verifyPendingSignIn } from './two-factor.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  registerLoginRoute(app, deps);
  registerSignInStepRoutes(app, deps);
  registerSessionRoutes(app, deps);
};

const meta = (request: { headers: Record<string, unknown>; ip: string }) => ({
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  ip: request.ip,
});

/** A right password or link: the session, or (202) the pending sign-in's cookie for the code step. */
async function finishSignIn(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  result: SignedIn | { pendingToken: string },
) {
  if ('pendingToken' in result) {
    reply.setCookie(pendingSignInCookieName(deps), result.pendingToken, pendingSignInCookieOptions(deps));
    return reply.code(202).send({ twoFactorRequired: true as const });
  }
  return openSession(deps, request, reply, result);
}

/** The session cookie of a completed sign-in; a session this browser had before is ended. */
async function openSession(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, { token, admin }: SignedIn) {
  const previous = await loadAdmin(deps, request);
  if (previous) await endSession(deps, previous.sessionHash);
  reply.setCookie(sessionCookieName(deps), token, sessionCookieOptions(deps));
  request.admin = admin;
  return toProfile(admin);
}

/** The password step: the captcha, then the password, answered by a session, a code step or a link. */
function registerLoginRoute(app: RouteApp, deps: AppDeps): void {
  app.post(
    '/api/admin/login',
    {
      schema: {
        tags: ['admin auth'],
        summary:
          "Sign in; sets the session cookie and answers the profile, or (202) asks for the second factor at /api/admin/login/two-factor, or (202, past the account's budget of password checks) says a one-time sign-in link was e-mailed",
        body: loginSchema,
        response: {
          200: adminProfileSchema,
          202: signInNextStepSchema,
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
        const result = await logIn(deps, request.body, meta(request));
        if ('signInLinkSent' in result) {
          const message = translate(requestLanguage(request), 'admin-password-reset.signInLink.sent');
          return reply.code(202).send({ signInLinkSent: true as const, message });
        }
        return await finishSignIn(deps, request, reply, result);
      } catch (error) {
        noteRefusedCredentials(deps, reply, error);
        await auditSignIn(deps, request, request.body.username, error);
        throw error;
      }
    },
  );
}

/** The steps after a right password: the second factor's code, and the e-mailed one-time link. */
function registerSignInStepRoutes(app: RouteApp, deps: AppDeps): void {
  app.post(
    '/api/admin/login/two-factor',
    {
      schema: {
        tags: ['admin auth'],
        summary: "Sign-in's second step: a code from the authenticator app or a recovery code; sets the session cookie",
        body: twoFactorSignInSchema,
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
        const adminId = await verifyPendingSignIn(
          deps,
          request.cookies[pendingSignInCookieName(deps)],
          request.body.code,
          request.ip,
        );
        reply.clearCookie(pendingSignInCookieName(deps), pendingSignInCookieOptions(deps));
        return await openSession(deps, request, reply, await completeSignIn(deps, adminId, meta(request)));
      } catch (error) {
        // A refused code is audited where it is checked (auth.totp.failed).
        noteRefusedCredentials(deps, reply, error);
        throw error;
      }
    },
  );

  app.post(
    '/api/admin/login/link',
    {
      schema: {
        tags: ['admin auth'],
        summary:
          "Sign in with the one-time link e-mailed past the account's budget of password checks; sets the session cookie, or (202) asks for the second factor",
        body: signInWithLinkSchema,
        response: { 200: adminProfileSchema, 202: twoFactorRequiredSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      finishSignIn(deps, request, reply, await signInWithLink(deps, request.body.token, meta(request))),
  );
}

/** The signed-in account: signing out, its profile and changing its password. */
function registerSessionRoutes(app: RouteApp, deps: AppDeps): void {
  app.post(
    '/api/admin/logout',
    {
      config: { selfService: true },
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
      config: { auth: 'any', duringTwoFactorSetup: true, selfService: true },
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
      config: { auth: 'any', selfService: true },
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
}

/** A refused password check (sign-in or change): Retry-After when throttled, and the failure counted. */
function noteRefusedCredentials(deps: AppDeps, reply: FastifyReply, error: unknown): void {
  if (error instanceof LoginThrottledError) {
    reply.header('retry-after', String(error.retryAfterSeconds));
    deps.metrics.signInFailed('throttled');
  } else if (error instanceof AppError && error.status === 401) deps.metrics.signInFailed('credentials');
}
