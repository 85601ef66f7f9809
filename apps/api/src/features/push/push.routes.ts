// Browser push (issue 36, decision 0063): the public key pages subscribe with, a citizen's
// browser subscribing to (and leaving) a request's notices with its tracking token, and the
// admin's settings and test notice.
import { translate } from '@acende/shared/i18n/catalogues';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { messageResponseSchema } from '@acende/shared/schemas/email';
import { idParam } from '@acende/shared/schemas/fields';
import {
  pushPublicKeySchema,
  pushSettingsResponseSchema,
  pushSettingsSchema,
  pushSubscriptionSchema,
  sendTestPushSchema,
  unsubscribePushSchema,
} from '@acende/shared/schemas/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import {
  getPushSettings,
  isPushEnabled,
  readVapidKeys,
  savePushSettings,
} from '../../core/channels/push-settings.service.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { sendTestPush, subscribePush, unsubscribePush } from './push.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const subscriptionParams = z.object({ id: idParam });
const tokenQuery = z.object({ t: z.string().max(200).optional() });

export const pushRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  registerCitizenRoutes(app, deps);
  registerAdminRoutes(app, deps);
};

function registerCitizenRoutes(app: RouteApp, deps: AppDeps): void {
  const { config } = deps;
  const rateLimit = { name: 'push', max: config.RATE_LIMIT_CREATE_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };

  app.get(
    '/api/push/public-key',
    {
      config: {
        rateLimit: { name: 'lookup', max: config.RATE_LIMIT_LOOKUP_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
      },
      schema: {
        tags: ['public'],
        summary:
          "Whether pages offer browser notices, and the VAPID public key a browser subscribes with (the server's applicationServerKey)",
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => {
      const [enabled, keys] = await Promise.all([isPushEnabled(deps.db), readVapidKeys(deps)]);
      return { enabled, publicKey: keys.publicKey };
    },
  );

  app.post(
    '/api/repair-requests/:id/push-subscriptions',
    {
      config: { rateLimit },
      schema: {
        tags: ['public'],
        summary:
          "Subscribe a browser to the request's status notices: the body is its PushSubscription (an HTTPS endpoint of a browser's push service, RFC 8291's keys) and optionally the notices' language; ?t= the tracking token. The same browser again is 200, a new one 201; at most 5 per request.",
        params: subscriptionParams,
        querystring: tokenQuery,
        body: pushSubscriptionSchema,
        response: {
          200: messageResponseSchema,
          201: messageResponseSchema,
          ...errors,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const language = request.body.language ?? requestLanguage(request);
      const created = await subscribePush(deps, request.params.id, request.query.t, request.body, language);
      const message = translate(requestLanguage(request), 'public-push.optIn.done');
      return reply.code(created ? 201 : 200).send({ message });
    },
  );

  app.delete(
    '/api/repair-requests/:id/push-subscriptions',
    {
      config: { rateLimit },
      schema: {
        tags: ['public'],
        summary: "Stop a browser's notices of the request: the body names its endpoint; ?t= the tracking token",
        params: subscriptionParams,
        querystring: tokenQuery,
        body: unsubscribePushSchema,
        response: { 204: z.null(), ...errors, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await unsubscribePush(deps, request.params.id, request.query.t, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
}

function registerAdminRoutes(app: RouteApp, deps: AppDeps): void {
  app.get(
    '/api/admin/push-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary:
          'Browser notices: on or off, the VAPID public key and subject, the subscribed browsers; never the private key',
        response: { 200: pushSettingsResponseSchema, ...errors },
      },
    },
    async () => getPushSettings(deps),
  );

  app.post(
    '/api/admin/push-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary: 'Turn browser notices on or off',
        body: pushSettingsSchema,
        response: { 200: pushSettingsResponseSchema, ...errors },
      },
    },
    async (request) => savePushSettings(deps, request.body, actorOf(request)),
  );

  app.post(
    '/api/admin/push-settings/send-test',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin settings'],
        summary: "Send a test notice at once to the admin's own browser: the body is its PushSubscription (not kept)",
        body: sendTestPushSchema,
        response: { 200: messageResponseSchema, 422: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const language = request.body.language ?? requestLanguage(request);
      await sendTestPush(deps, request.body, language, actorOf(request));
      return { message: translate(requestLanguage(request), 'admin-settings.push.testSent') };
    },
  );
}
