import { translate } from '@acende/shared/i18n/catalogues';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import {
  emailSettingsResponseSchema,
  emailSettingsSchema,
  messageResponseSchema,
  sendTestEmailSchema,
  testEmailConnectionSchema,
} from '@acende/shared/schemas/email';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { getEmailSettings, saveEmailSettings } from '../../core/outbox/email-settings.service.ts';
import { requestLanguage } from '../../lib/language.ts';
import { sendTestEmail, testEmailConnection } from './email.service.ts';

const logSmtpFailure = (request: FastifyRequest) => (detail: string) =>
  request.log.warn({ smtpError: detail }, 'SMTP check failed');

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

export const emailRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/email-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary: 'E-mail settings; the SMTP password is never returned (a placeholder stands for it)',
        response: { 200: emailSettingsResponseSchema, ...errors },
      },
    },
    async () => getEmailSettings(deps),
  );

  app.post(
    '/api/admin/email-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary: 'Save the e-mail settings; the password placeholder keeps the stored password',
        body: emailSettingsSchema,
        response: { 200: emailSettingsResponseSchema, ...errors },
      },
    },
    async (request) => saveEmailSettings(deps, request.body, actorOf(request)),
  );

  app.post(
    '/api/admin/email-settings/test',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary:
          'Try a connection with the given settings; the password placeholder only stands for the stored password with the stored server, port, security and user, and every failure answers one message',
        body: testEmailConnectionSchema,
        response: { 200: messageResponseSchema, 422: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await testEmailConnection(deps, request.body.settings, { logFailure: logSmtpFailure(request) });
      return { message: translate(requestLanguage(request), 'admin-email.emailSettings.toast.connectionOk') };
    },
  );

  app.post(
    '/api/admin/email-settings/send-test',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary:
          'Send a test e-mail (naming server, port and the secure flag) with the given settings; the placeholder rule of the connection test holds',
        body: sendTestEmailSchema,
        response: { 200: messageResponseSchema, 422: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const language = request.body.language ?? requestLanguage(request);
      await sendTestEmail(deps, { to: request.body.to, settings: request.body.settings, language }, actorOf(request), {
        logFailure: logSmtpFailure(request),
      });
      return { message: translate(requestLanguage(request), 'admin-email.emailSettings.toast.testSent') };
    },
  );
};
