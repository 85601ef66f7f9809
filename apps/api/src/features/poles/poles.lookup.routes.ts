import { errorResponseSchema } from '@acende/shared/schemas/api';
import { companyIdParam } from '@acende/shared/schemas/fields';
import { poleLookupSchema, poleNumberSchema } from '@acende/shared/schemas/poles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { lookUpPole } from './poles.lookup.service.ts';

export const polesLookupRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;
  app.get(
    '/api/poles/:companyId/:number',
    {
      config: {
        rateLimit: { name: 'lookup', max: config.RATE_LIMIT_LOOKUP_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
      },
      schema: {
        tags: ['public'],
        summary:
          "A pole in service by its company and number (a QR label's address, a typed number), with its open request",
        params: z.object({ companyId: companyIdParam, number: poleNumberSchema }),
        response: { 200: poleLookupSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => lookUpPole(deps, request.params.companyId, request.params.number),
  );
};
