import { translate } from '@acende/shared/i18n/catalogues';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { messageResponseSchema } from '@acende/shared/schemas/email';
import { completePasswordResetSchema, requestPasswordResetSchema } from '@acende/shared/schemas/password-reset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { verifyCaptchaOrThrow } from '../../core/captcha/captcha.service.ts';
import { requestLanguage } from '../../lib/language.ts';
import { completePasswordReset, requestPasswordReset } from './password-reset.service.ts';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const rateLimit = {
    name: 'password-reset',
    max: deps.config.RATE_LIMIT_CREATE_MAX,
    timeWindow: deps.config.RATE_LIMIT_WINDOW_MS,
  };

  app.post(
    '/api/admin/request-password-reset',
    {
      config: { rateLimit },
      schema: {
        tags: ['admin auth'],
        summary: 'Ask for a reset link by e-mail; the answer is the same whether or not the user exists',
        body: requestPasswordResetSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await verifyCaptchaOrThrow(deps, request.body.captchaToken, request);
      await requestPasswordReset(deps, request.body.username, request.ip);
      return { message: translate(requestLanguage(request), 'admin-password-reset.passwordReset.requested') };
    },
  );

  app.post(
    '/api/admin/complete-password-reset',
    {
      config: { rateLimit },
      schema: {
        tags: ['admin auth'],
        summary: 'Set a new password with the token from the reset e-mail; ends every session of the account',
        body: completePasswordResetSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await completePasswordReset(deps, request.body.token, request.body.newPassword, request.ip);
      return { message: translate(requestLanguage(request), 'admin-password-reset.passwordReset.done') };
    },
  );
};
