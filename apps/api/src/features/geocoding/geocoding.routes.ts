import { type MessageKey, msg } from '@acende/shared/i18n/message-key';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../lib/errors.ts';
import { geocoderFor } from './geocoding.service.ts';

const coordinate = (min: number, max: number, requiredKey: MessageKey, invalidKey: MessageKey) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .regex(/^[-+]?\d{1,3}(\.\d{1,15})?$/, invalidKey)
    .transform(Number)
    .refine((n) => n >= min && n <= max, invalidKey);

const placeSchema = z.object({ display_name: z.string(), lat: z.string(), lon: z.string() });

export const geocodingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const rateLimit = {
    name: 'geocoding',
    max: deps.config.RATE_LIMIT_LOOKUP_MAX,
    timeWindow: deps.config.RATE_LIMIT_WINDOW_MS,
  };

  app.get(
    '/api/geocode',
    {
      config: { rateLimit },
      schema: {
        tags: ['public'],
        summary: 'Reverse lookup: the address of a point',
        querystring: z.object({
          lat: coordinate(-90, 90, 'common.validation.latitude.required', 'common.validation.latitude.invalid'),
          lon: coordinate(-180, 180, 'common.validation.longitude.required', 'common.validation.longitude.invalid'),
        }),
        response: { 200: placeSchema, 400: errorResponseSchema, 404: errorResponseSchema, 502: errorResponseSchema },
      },
    },
    async (request) => {
      const place = await geocoderFor(deps).reverse(request.query.lat, request.query.lon);
      if (!place) throw notFound();
      return place;
    },
  );

  app.get(
    '/api/geocode/search',
    {
      config: { rateLimit },
      schema: {
        tags: ['public'],
        summary: 'Address search: at most five places',
        querystring: z.object({
          q: z
            .string({ error: msg('common.validation.query.required') })
            .trim()
            .min(1, msg('common.validation.query.required'))
            .max(300, msg('common.validation.tooLong')),
        }),
        response: { 200: z.array(placeSchema), 400: errorResponseSchema, 502: errorResponseSchema },
      },
    },
    async (request) => geocoderFor(deps).search(request.query.q),
  );
};
