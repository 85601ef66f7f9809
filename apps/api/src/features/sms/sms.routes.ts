// SMS (issue 36): the admin's settings and test send, and the provider's webhook for replies,
// where SAIR/STOP stops a number's notices and VOLTAR/START brings them back.
import { translate } from '@acende/shared/i18n/catalogues';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { messageResponseSchema } from '@acende/shared/schemas/email';
import { sendTestSmsSchema, smsSettingsResponseSchema, smsSettingsSchema } from '@acende/shared/schemas/sms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { getSmsSettings, SMS_INBOUND_PATHS, saveSmsSettings } from '../../core/channels/sms-settings.service.ts';
import { requestLanguage } from '../../lib/language.ts';
import { handleInboundSms, handleZenviaReply, sendTestSms } from './sms.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const smsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;
  // The providers' webhooks: signed, never a session; one limit for both.
  const inbound = {
    signed: true,
    rateLimit: { name: 'sms-inbound', max: config.RATE_LIMIT_LOOKUP_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
  };
  app.get(
    '/api/admin/sms-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary: "SMS settings; the provider's auth token is never returned (a placeholder stands for it)",
        response: { 200: smsSettingsResponseSchema, ...errors },
      },
    },
    async () => getSmsSettings(deps),
  );

  app.post(
    '/api/admin/sms-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary:
          'Save the SMS settings; the token placeholder keeps the stored token, with the stored provider address and account only',
        body: smsSettingsSchema,
        response: { 200: smsSettingsResponseSchema, ...errors },
      },
    },
    async (request) => saveSmsSettings(deps, request.body, actorOf(request)),
  );

  app.post(
    '/api/admin/sms-settings/send-test',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary:
          'Send a test SMS with the saved settings to a Brazilian mobile number, at once (not through the outbox)',
        body: sendTestSmsSchema,
        response: { 200: messageResponseSchema, 422: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const language = request.body.language ?? requestLanguage(request);
      await sendTestSms(deps, request.body.to, language, actorOf(request));
      return { message: translate(requestLanguage(request), 'admin-settings.sms.testSent') };
    },
  );

  // Twilio posts replies form-encoded; every pair is kept, as its signature covers them all.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, [...new URLSearchParams(body as string)]);
  });
  app.post(
    SMS_INBOUND_PATHS.twilio,
    {
      config: inbound,
      schema: {
        tags: ['public'],
        summary:
          "Twilio's webhook for a reply (form-encoded, signed in X-Twilio-Signature): SAIR/STOP stops the number's notices, VOLTAR/START brings them back; answers TwiML",
      },
    },
    async (request, reply) => {
      // Only the form's pairs are signed; any other body (JSON, say) has none, so no signature fits.
      const params = isPairs(request.body) ? request.body : [];
      const answer = await handleInboundSms(deps, {
        url: `${deps.config.PUBLIC_URL}${request.url}`,
        params,
        signature: request.headers['x-twilio-signature'] as string | undefined,
      });
      return reply.header('content-type', 'text/xml; charset=utf-8').header('cache-control', 'no-store').send(answer);
    },
  );

  app.post(
    SMS_INBOUND_PATHS.zenvia,
    {
      config: inbound,
      schema: {
        tags: ['public'],
        summary:
          "Zenvia's subscription webhook for a reply (a MESSAGE event, JSON, with the X-Acende-Webhook-Token header the settings screen shows): SAIR/STOP stops the number's notices, VOLTAR/START brings them back",
      },
    },
    async (request, reply) => {
      const token = request.headers['x-acende-webhook-token'];
      await handleZenviaReply(deps, typeof token === 'string' ? token : undefined, request.body);
      return reply.code(204).send();
    },
  );
};

const isPairs = (body: unknown): body is [string, string][] =>
  Array.isArray(body) &&
  body.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'));
