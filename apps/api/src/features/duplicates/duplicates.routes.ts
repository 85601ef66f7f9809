import { adminRequestDetailSchema } from '@acende/shared/schemas/admin-requests';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import { duplicateCandidatesSchema, markDuplicateSchema, undoDuplicateSchema } from '@acende/shared/schemas/followers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { listDuplicateCandidates, markDuplicate, undoDuplicate } from './duplicates.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const duplicatesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/repair-requests/:id/duplicate-candidates',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin requests'],
        summary: 'Open requests within 100 m or on the same pole, in your scope: the likely originals',
        params: z.object({ id: idParam }),
        response: { 200: duplicateCandidatesSchema, ...errors },
      },
    },
    (request) => listDuplicateCandidates(deps, request.admin!, request.params.id),
  );

  app.post(
    '/api/admin/repair-requests/:id/duplicate',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin requests'],
        summary:
          'Mark as a duplicate of another request (by number): cancels it, links it, its filer follows the original',
        params: z.object({ id: idParam }),
        body: markDuplicateSchema,
        response: { 200: adminRequestDetailSchema, 409: errorResponseSchema, ...errors },
      },
    },
    (request) => markDuplicate(deps, request.admin!, request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/api/admin/repair-requests/:id/duplicate/undo',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin requests'],
        summary: 'Undo a duplicate: the status it had comes back, its filer stops following the original',
        params: z.object({ id: idParam }),
        body: undoDuplicateSchema,
        response: { 200: adminRequestDetailSchema, 409: errorResponseSchema, ...errors },
      },
    },
    (request) => undoDuplicate(deps, request.admin!, request.params.id, request.body, actorOf(request)),
  );
};
