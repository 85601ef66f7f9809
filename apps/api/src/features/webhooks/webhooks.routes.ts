// /api/admin/webhooks (admin only, decision 0065): a company's signed webhook endpoints, their
// secrets (answered on creation and rotation only) and the deliveries, dead letters replayed.
import { msg } from '@acende/shared/i18n/message-key';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idFromText, idParam } from '@acende/shared/schemas/fields';
import {
  WEBHOOK_DELIVERY_STATES,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointPatchSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@acende/shared/schemas/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as zm from 'zod/mini';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { listWebhookDeliveries, replayWebhookDelivery } from './webhook-deliveries.service.ts';
import {
  changeWebhookEndpoint,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
} from './webhooks.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const byId = { 404: errorResponseSchema, ...errors };
const tags = ['admin webhooks'];
const config = { auth: 'admin' } as const;

const deliveryQuerySchema = zm.object({
  state: zm.optional(zm.enum(WEBHOOK_DELIVERY_STATES, { error: msg('admin-integrations.webhooks.errors.state') })),
  endpointId: zm.optional(idParam),
  page: zm.optional(idFromText('admin-integrations.webhooks.errors.page')),
});

export const webhooksRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/webhooks',
    {
      config,
      schema: {
        tags,
        summary: "Companies' webhook endpoints (never their secrets)",
        response: { 200: z.array(webhookEndpointSchema), ...errors },
      },
    },
    async () => listWebhookEndpoints(deps),
  );

  app.post(
    '/api/admin/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Add an endpoint for a company; the answer is the only place its signing secret appears',
        body: webhookEndpointInputSchema,
        response: { 201: webhookEndpointWithSecretSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createWebhookEndpoint(deps, request.body, actorOf(request))),
  );

  app.patch(
    '/api/admin/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: "Change an endpoint's address, events, description or on/off",
        params: z.object({ id: idParam }),
        body: webhookEndpointPatchSchema,
        response: { 200: webhookEndpointSchema, ...byId },
      },
    },
    async (request) => changeWebhookEndpoint(deps, request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/api/admin/webhooks/:id/secret',
    {
      config,
      schema: {
        tags,
        summary: 'Rotate the signing secret: the new one is answered once; the old one still signs for 24 h',
        params: z.object({ id: idParam }),
        response: { 200: webhookEndpointWithSecretSchema, ...byId },
      },
    },
    async (request) => rotateWebhookSecret(deps, request.params.id, actorOf(request)),
  );

  app.delete(
    '/api/admin/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an endpoint with its waiting and given-up deliveries',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...byId },
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(deps, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/webhooks/deliveries',
    {
      config,
      schema: {
        tags,
        summary: 'Deliveries, newest first, 50 a page: pending, delivered or dead (given up after 24 h)',
        querystring: deliveryQuerySchema,
        response: { 200: webhookDeliveryPageSchema, ...errors },
      },
    },
    async (request) => listWebhookDeliveries(deps, request.query),
  );

  app.post(
    '/api/admin/webhooks/deliveries/:id/replay',
    {
      config,
      schema: {
        tags,
        summary: 'Send a dead delivery again: back to pending, attempts reset, the same message id',
        params: z.object({ id: idParam }),
        response: { 200: webhookDeliverySchema, 409: errorResponseSchema, ...byId },
      },
    },
    async (request) => replayWebhookDelivery(deps, request.params.id, actorOf(request)),
  );
};
