// /api/admin/integration-keys (admin only, decision 0066): issue, list and revoke the keys of
// the companies' own systems.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import {
  integrationKeyInputSchema,
  integrationKeySchema,
  issuedIntegrationKeySchema,
} from '@acende/shared/schemas/integrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { issueIntegrationKey, listIntegrationKeys, revokeIntegrationKey } from './integration-keys.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['admin integrations'];

export const integrationKeysRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/integration-keys',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "Companies' integration keys, active first (never the keys themselves)",
        response: { 200: z.array(integrationKeySchema), ...errors },
      },
    },
    async () => listIntegrationKeys(deps),
  );

  app.post(
    '/api/admin/integration-keys',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "Issue a key for a company's own system; the answer is the only place the key appears",
        body: integrationKeyInputSchema,
        response: { 201: issuedIntegrationKeySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await issueIntegrationKey(deps, request.body, actorOf(request))),
  );

  app.post(
    '/api/admin/integration-keys/:id/revoke',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Revoke an integration key: the system can no longer read or change requests with it',
        params: z.object({ id: idParam }),
        response: { 200: integrationKeySchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => revokeIntegrationKey(deps, request.params.id, actorOf(request)),
  );
};
