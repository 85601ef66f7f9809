// Each company's materials list for supervisors (decision 0068): admins and the company's
// operators keep it; every signed-in account of the company may read it.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { materialInputSchema, materialPatchSchema, materialSchema } from '@acende/shared/schemas/crew';
import { companyIdParam, idParam } from '@acende/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { changeMaterial, createMaterial, listCompanyMaterials } from './materials.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const notFound = { 404: errorResponseSchema };

export const materialsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/materials',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin work orders'],
        summary: "Materials of the companies the account may see, by company and name; `companyId` keeps one company's",
        querystring: z.object({ companyId: z.optional(companyIdParam) }),
        response: { 200: z.array(materialSchema), ...notFound, ...errors },
      },
    },
    async (request) => listCompanyMaterials(deps, request.admin!, request.query.companyId),
  );

  app.post(
    '/api/admin/materials',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin work orders'],
        summary: 'Add a material to the list of a company the account works for (name unique in the company)',
        body: materialInputSchema,
        response: { 201: materialSchema, ...notFound, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createMaterial(deps, request.admin!, request.body, actorOf(request))),
  );

  app.patch(
    '/api/admin/materials/:id',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin work orders'],
        summary: 'Rename a material, change its unit, or take it out of use and back',
        params: z.object({ id: idParam }),
        body: materialPatchSchema,
        response: { 200: materialSchema, ...notFound, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => changeMaterial(deps, request.admin!, request.params.id, request.body, actorOf(request)),
  );
};
