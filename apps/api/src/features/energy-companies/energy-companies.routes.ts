import { publicEnergyCompanySchema } from '@acende/shared/schemas/energy-companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { fastSerializer } from '../../lib/fast-serializer.ts';

export const energyCompaniesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/energy-companies',
    {
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['public'],
        summary: 'Active energy companies, ordered by short name',
        response: { 200: z.array(publicEnergyCompanySchema) },
      },
    },
    () => deps.hotPath.listActiveCompanies(),
  );
};
