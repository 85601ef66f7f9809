// WhatsApp (issue 36): the admin's settings and test send, and Meta's webhook: the GET
// handshake that subscribes it, and the POSTs of replies, where SAIR/STOP (typed, or the
// templates' stop button) stops a number's notices and VOLTAR/START brings them back.
import { translate } from '@acende/shared/i18n/catalogues';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { messageResponseSchema } from '@acende/shared/schemas/email';
import {
  sendTestWhatsappSchema,
  whatsappSettingsResponseSchema,
  whatsappSettingsSchema,
} from '@acende/shared/schemas/whatsapp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import {
  getWhatsappSettings,
  saveWhatsappSettings,
  WHATSAPP_WEBHOOK_PATH,
} from '../../core/channels/whatsapp-settings.service.ts';
import { requestLanguage } from '../../lib/language.ts';
import { handleWhatsappWebhook, sendTestWhatsapp, verifyWebhook } from './whatsapp.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const whatsappRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const inboundLimit = {
    name: 'whatsapp-webhook',
    max: config.RATE_LIMIT_LOOKUP_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
  };
  app.get(
    '/api/admin/whatsapp-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary:
          "WhatsApp settings; Meta's access token and app secret are never returned (a placeholder stands for each)",
        response: { 200: whatsappSettingsResponseSchema, ...errors },
      },
    },
    async () => getWhatsappSettings(deps),
  );

  app.post(
    '/api/admin/whatsapp-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary:
          'Save the WhatsApp settings; the placeholder keeps a stored secret, the token with the stored API address and phone number only',
        body: whatsappSettingsSchema,
        response: { 200: whatsappSettingsResponseSchema, ...errors },
      },
    },
    async (request) => saveWhatsappSettings(deps, request.body, actorOf(request)),
  );

  app.post(
    '/api/admin/whatsapp-settings/send-test',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary:
          'Send the confirmation template as a test with the saved settings to a Brazilian mobile number, at once (not through the outbox)',
        body: sendTestWhatsappSchema,
        response: { 200: messageResponseSchema, 422: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const language = request.body.language ?? requestLanguage(request);
      await sendTestWhatsapp(deps, request.body.to, language, actorOf(request));
      return { message: translate(requestLanguage(request), 'admin-settings.whatsapp.testSent') };
    },
  );

  app.get(
    WHATSAPP_WEBHOOK_PATH,
    {
      config: { signed: true, rateLimit: inboundLimit },
      schema: {
        tags: ['public'],
        summary:
          "Meta's webhook verification: answers hub.challenge when hub.verify_token is the one the settings screen shows",
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(verifyWebhook(deps, request.query as Record<string, unknown>)),
  );

  // The signature covers the raw bytes: a scope of its own keeps them instead of parsing JSON first.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      WHATSAPP_WEBHOOK_PATH,
      {
        config: { signed: true, rateLimit: inboundLimit },
        schema: {
          tags: ['public'],
          summary:
            "Meta's webhook for messages (JSON, signed in X-Hub-Signature-256 with the app secret): SAIR/STOP or the stop button stops the number's WhatsApp notices, VOLTAR/START brings them back",
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        await handleWhatsappWebhook(deps, raw, typeof signature === 'string' ? signature : undefined);
        return reply.code(200).header('cache-control', 'no-store').send();
      },
    );
  });
};
