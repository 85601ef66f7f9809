// Administrators' registry of energy companies (admin role only, decision 0002 §1, §2 and 11).
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { adminEnergyCompanySchema, energyCompanyInputSchema } from '@acende/shared/schemas/energy-companies';
import { idParam } from '@acende/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import {
  createEnergyCompany,
  deleteEnergyCompany,
  listEnergyCompanies,
  updateEnergyCompany,
} from './energy-companies.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const params = z.object({ id: idParam });

export const energyCompaniesAdminRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/energy-companies',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin energy companies'],
        summary: 'Every company, active or not, with its number of requests',
        response: { 200: z.array(adminEnergyCompanySchema), ...errors },
      },
    },
    async () => listEnergyCompanies(deps),
  );

  app.post(
    '/api/admin/energy-companies',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin energy companies'],
        summary: 'Create a company (colour blue, icon bolt and active by default)',
        body: energyCompanyInputSchema,
        response: { 201: adminEnergyCompanySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createEnergyCompany(deps, request.body, actorOf(request))),
  );

  app.put(
    '/api/admin/energy-companies/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin energy companies'],
        summary: 'Update a company; an inactive one leaves the public list',
        params,
        body: energyCompanyInputSchema,
        response: { 200: adminEnergyCompanySchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => updateEnergyCompany(deps, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/api/admin/energy-companies/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin energy companies'],
        summary: 'Delete a company no request refers to (409 otherwise: deactivate it instead)',
        params,
        response: { 204: z.null(), 404: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteEnergyCompany(deps, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};
