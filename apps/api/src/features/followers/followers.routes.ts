import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import {
  followRequestSchema,
  followResponseSchema,
  nearbyQuerySchema,
  nearbyResponseSchema,
  unsubscribeResponseSchema,
  unsubscribeSchema,
} from '@acende/shared/schemas/followers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requestLanguage } from '../../lib/language.ts';
import { followRequest, getNearbyRequests, unsubscribe } from './followers.service.ts';

export const followersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const window = config.RATE_LIMIT_WINDOW_MS;

  app.get(
    '/api/repair-requests/nearby',
    {
      // An enumeration surface: each answer names at most 5 requests of a 100 m circle (decision 0034).
      config: { rateLimit: { name: 'nearby', max: config.RATE_LIMIT_NEARBY_MAX, timeWindow: window } },
      schema: {
        tags: ['public'],
        summary: 'Open requests within 50 m of a point or on its pole: number, problem, status and age only',
        querystring: nearbyQuerySchema,
        response: { 200: nearbyResponseSchema, 400: errorResponseSchema },
      },
    },
    (request) => getNearbyRequests(deps, request.query),
  );

  app.post(
    '/api/repair-requests/:id/followers',
    {
      config: { rateLimit: { name: 'follow', max: config.RATE_LIMIT_CREATE_MAX, timeWindow: window } },
      schema: {
        tags: ['public'],
        summary: "Follow an open request's status e-mails instead of filing it again",
        params: z.object({ id: idParam }),
        body: followRequestSchema,
        response: {
          202: followResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await followRequest(deps, request.params.id, request.body, {
        language: requestLanguage(request),
        ip: request.ip,
      });
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/api/unsubscribe',
    {
      config: { rateLimit: { name: 'lookup', max: config.RATE_LIMIT_LOOKUP_MAX, timeWindow: window } },
      schema: {
        tags: ['public'],
        summary: "Stop the e-mails an unsubscribe link's token names (a follower's, or the filer's status e-mails)",
        body: unsubscribeSchema,
        response: { 200: unsubscribeResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => unsubscribe(deps, request.body.token),
  );
};
