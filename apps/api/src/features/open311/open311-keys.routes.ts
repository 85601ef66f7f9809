// /api/admin/open311-keys (admin only, decision 0038): issue, list and revoke Open311 API keys.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import { issuedOpen311KeySchema, open311KeyInputSchema, open311KeySchema } from '@acende/shared/schemas/open311';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { issueOpen311Key, listOpen311Keys, revokeOpen311Key } from './open311-keys.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const open311KeysRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/open311-keys',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin open311'],
        summary: 'Open311 API keys, active first (never the keys themselves)',
        response: { 200: z.array(open311KeySchema), ...errors },
      },
    },
    async () => listOpen311Keys(deps),
  );

  app.post(
    '/api/admin/open311-keys',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin open311'],
        summary: 'Issue an Open311 API key for a client; the answer is the only place the key appears',
        body: open311KeyInputSchema,
        response: { 201: issuedOpen311KeySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await issueOpen311Key(deps, request.body, actorOf(request))),
  );

  app.post(
    '/api/admin/open311-keys/:id/revoke',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin open311'],
        summary: 'Revoke an Open311 API key: the client can no longer file with it',
        params: z.object({ id: idParam }),
        response: { 200: open311KeySchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => revokeOpen311Key(deps, request.params.id, actorOf(request)),
  );
};
