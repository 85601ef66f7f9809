// Two-factor sign-in's own routes (decision 0026): one's status, enrolment and turning it
// off; an admin's reset of another account; the "require two-factor for admins" setting.
// The sign-in's second step is in auth.routes.ts, next to the first.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  recoveryCodesSchema,
  securitySettingsSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@acende/shared/schemas/two-factor';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { LoginThrottledError } from './login-throttle.ts';
import { loadAdminBySession } from './sessions.service.ts';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  getTwoFactorStatus,
  readSecuritySettings,
  resetTwoFactor,
  startTwoFactorSetup,
  updateSecuritySettings,
} from './two-factor.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const twoFactorRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const actorOf = (request: FastifyRequest) => {
    const admin = request.admin!;
    return { id: admin.id, username: admin.username, ip: request.ip };
  };
  /** A code check refused for too many attempts says when to try again, as the sign-in does. */
  const throttled = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof LoginThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  };

  app.get(
    '/api/admin/two-factor',
    {
      config: { auth: 'any', duringTwoFactorSetup: true, selfService: true },
      schema: {
        tags: ['admin auth'],
        summary: "The signed-in account's second factor: on or off, recovery codes left, required or not",
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) => getTwoFactorStatus(deps, request.admin!),
  );

  app.post(
    '/api/admin/two-factor/setup',
    {
      config: { auth: 'any', duringTwoFactorSetup: true, selfService: true },
      schema: {
        tags: ['admin auth'],
        summary: 'Starts enrolment: a new secret (not yet in force) as text, otpauth URI and QR code (SVG)',
        response: { 200: twoFactorSetupSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => startTwoFactorSetup(deps, actorOf(request)),
  );

  app.post(
    '/api/admin/two-factor/confirm',
    {
      config: { auth: 'any', duringTwoFactorSetup: true, selfService: true },
      schema: {
        tags: ['admin auth'],
        summary: 'Confirms enrolment with a code: turns the second factor on and answers ten recovery codes, once',
        body: confirmTwoFactorSchema,
        response: { 200: recoveryCodesSchema, ...errors, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const recoveryCodes = await throttled(reply, () =>
        confirmTwoFactorSetup(deps, actorOf(request), request.body, request.admin!.sessionHash),
      );
      // The profile now says the second factor is on (and no longer required to be set up).
      request.admin = await loadAdminBySession(deps, request.admin!.sessionHash);
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/admin/two-factor/disable',
    {
      config: { auth: 'any', selfService: true },
      schema: {
        tags: ['admin auth'],
        summary: "Turns the signed-in account's second factor off, given a current code or the password",
        body: disableTwoFactorSchema,
        response: { 204: z.null(), ...errors, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await throttled(reply, () => disableTwoFactor(deps, actorOf(request), request.admin!.role, request.body));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/users/:id/two-factor/reset',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin users'],
        summary: "Removes another account's second factor (lost app and codes); audited as auth.totp.reset",
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...errors, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await resetTwoFactor(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/security-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary: 'Security settings: whether two-factor sign-in is required for admins',
        response: { 200: securitySettingsSchema, ...errors },
      },
    },
    async () => readSecuritySettings(deps.db),
  );

  app.put(
    '/api/admin/security-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary: 'Changes the security settings (audited); requiring two-factor needs the caller to have it on',
        body: securitySettingsSchema,
        response: { 200: securitySettingsSchema, ...errors },
      },
    },
    async (request) => updateSecuritySettings(deps, actorOf(request), request.body),
  );
};
