// The public map layer of poles (issue 21): `GET /api/poles?bbox=minLng,minLat,maxLng,maxLat`.
// No sign-in; what it answers is public (publicPoleSchema) and changes slowly, so it may
// be cached for a minute by the browser and any shared cache.
import { msg } from '@acende/shared/i18n/message-key';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { poleLayerSchema } from '@acende/shared/schemas/poles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { fastSerializer } from '../../lib/fast-serializer.ts';
import { parseBox, readPoleLayer } from './poles-map.service.ts';

export const POLE_LAYER_CACHE = 'public, max-age=60, stale-while-revalidate=300';

const bboxSchema = z
  .string({
    error: (issue) =>
      issue.input == null ? msg('public-poles.validation.bbox.required') : msg('public-poles.validation.bbox.invalid'),
  })
  .transform((text, ctx) => {
    const box = parseBox(text);
    if (typeof box === 'string') {
      ctx.issues.push({ code: 'custom', message: box, input: text });
      return z.NEVER;
    }
    return box;
  });

export const polesMapRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/poles',
    {
      serializerCompiler: fastSerializer,
      config: {
        rateLimit: {
          name: 'poles',
          max: deps.config.RATE_LIMIT_LOOKUP_MAX,
          timeWindow: deps.config.RATE_LIMIT_WINDOW_MS,
        },
      },
      schema: {
        tags: ['public'],
        summary: 'The map layer of poles in a box: the poles, or counts by cell when there are more than 500',
        querystring: z.object({ bbox: bboxSchema }),
        response: { 200: poleLayerSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const layer = await readPoleLayer(deps, request.query.bbox);
      reply.header('cache-control', POLE_LAYER_CACHE);
      return layer;
    },
  );
};
