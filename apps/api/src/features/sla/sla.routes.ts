// Administrators' repair targets (issue 23, decision 0029): read and replace, admin role only.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { repairTargetsSchema } from '@acende/shared/schemas/repair-targets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { getRepairTargets, saveRepairTargets } from './sla.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const slaRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/repair-targets',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Repair targets in hours: a default per problem type and the companies’ own',
        response: { 200: repairTargetsSchema, ...errors },
      },
    },
    async () => getRepairTargets(deps),
  );

  app.put(
    '/api/admin/repair-targets',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Replaces the repair targets (audited); they apply to requests filed afterwards',
        body: repairTargetsSchema,
        response: { 200: repairTargetsSchema, ...errors },
      },
    },
    async (request) => saveRepairTargets(deps, actorOf(request), request.body),
  );
};
