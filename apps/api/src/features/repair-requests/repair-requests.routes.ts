import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import { rateRepairRequestSchema } from '@acende/shared/schemas/ratings';
import {
  createRepairRequestResponseSchema,
  createRepairRequestSchema,
  publicRepairRequestSchema,
  reopenRepairRequestSchema,
} from '@acende/shared/schemas/repair-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { FastPath } from '../../hot-path/hot-path.ts';
import { fastSerializer } from '../../lib/fast-serializer.ts';
import { requestLanguage } from '../../lib/language.ts';
import { toPublicRequest } from './public-view.ts';
import { rateRepairRequest } from './rating.service.ts';
import { reopenRepairRequest } from './reopen.service.ts';
import { createRepairRequest, getPublicRepairRequest } from './repair-requests.service.ts';

export interface RepairRequestsRoutesOptions {
  deps: AppDeps;
  lifecycle?: { closing: boolean };
  /** Takes the tracking read's fast path (on SQLite), which the server runs before Fastify. */
  setFastPath?: (path: FastPath | undefined) => void;
}

export const repairRequestsRoutes: FastifyPluginAsyncZod<RepairRequestsRoutesOptions> = async (
  app,
  { deps, lifecycle = { closing: false }, setFastPath },
) => {
  const { config } = deps;
  const lookupLimit = { name: 'lookup', max: config.RATE_LIMIT_LOOKUP_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };

  app.post(
    '/api/repair-requests',
    {
      config: {
        rateLimit: { name: 'filing', max: config.RATE_LIMIT_CREATE_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
      },
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['public'],
        summary: 'File a repair request',
        headers: z.object({ 'idempotency-key': z.string().min(8).max(200).optional() }),
        body: createRepairRequestSchema,
        response: {
          201: createRepairRequestResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await createRepairRequest(deps, request.body, {
        language: requestLanguage(request),
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/repair-requests/:id',
    {
      config: { rateLimit: lookupLimit },
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['public'],
        summary: 'Track a request; contact details are masked unless ?t= carries its tracking token',
        params: z.object({ id: idParam }),
        querystring: z.object({ t: z.string().max(200).optional() }),
        response: { 200: publicRepairRequestSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => getPublicRepairRequest(deps, request.params.id, request.query.t),
  );
  app.post(
    '/api/repair-requests/:id/reopen',
    {
      // A citizen's write: limited like filing, counted apart from it.
      config: {
        rateLimit: { name: 'reopen', max: config.RATE_LIMIT_CREATE_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
      },
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['public'],
        summary: 'Reopen a completed request ("still broken") within 30 days, with its tracking token and a note',
        params: z.object({ id: idParam }),
        body: reopenRepairRequestSchema,
        response: {
          200: publicRepairRequestSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    (request) => reopenRepairRequest(deps, request.params.id, request.body, { ip: request.ip }),
  );
  app.post(
    '/api/repair-requests/:id/rating',
    {
      // A citizen's write: limited like filing, counted apart from it.
      config: {
        rateLimit: { name: 'rating', max: config.RATE_LIMIT_CREATE_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
      },
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['public'],
        summary:
          'Rate a completed repair 1–5 with an optional comment, once, with the tracking token or the e-mail’s rating token',
        params: z.object({ id: idParam }),
        body: rateRepairRequestSchema,
        response: {
          200: publicRepairRequestSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    (request) => rateRepairRequest(deps, request.params.id, request.body, { ip: request.ip }),
  );
  // The same read, answered before Fastify when it can be (decision 0012).
  setFastPath?.(
    deps.hotPath.trackingListener({ deps, toPublic: toPublicRequest, log: app.log, rateLimit: lookupLimit, lifecycle }),
  );
};
