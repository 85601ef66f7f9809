// GET /api/transparency (JSON) and /api/transparency.csv: the public transparency figures
// (issue 25, decision 0037), for anyone, cached for at most five minutes on every instance.
import { transparencyQuerySchema, transparencySchema } from '@acende/shared/schemas/transparency';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { requestLanguage } from '../../lib/language.ts';
import { figuresCsv, transparencyService } from './transparency.service.ts';

export async function transparencyRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = transparencyService(deps);
  const windowOf = (query: { window?: '30' | '90' | '365' }) => Number(query.window ?? '30') as 30 | 90 | 365;

  app.get(
    '/api/transparency',
    {
      schema: {
        tags: ['public'],
        summary:
          'Per energy company and problem type: requests received, open backlog, median / p90 time to repair and share repaired within target over the last 30, 90 or 365 days',
        querystring: transparencyQuerySchema,
        response: { 200: transparencySchema },
      },
    },
    async (request, reply) => {
      const cached = await service.readFigures(windowOf(request.query));
      reply.header('cache-control', `public, max-age=${service.maxAgeLeft(cached)}`);
      return cached.value;
    },
  );

  app.get(
    '/api/transparency.csv',
    {
      schema: {
        tags: ['public'],
        summary: 'The same figures as CSV (pt-BR spreadsheets: ";" between fields), headers in the reader’s language',
        querystring: transparencyQuerySchema,
      },
    },
    async (request, reply) => {
      const days = windowOf(request.query);
      const cached = await service.readFigures(days);
      // Without ?lang the headers and numbers follow Accept-Language: a CDN keeps one per language.
      return reply
        .header('cache-control', `public, max-age=${service.maxAgeLeft(cached)}`)
        .header('vary', 'Accept-Language')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transparencia-${days}d.csv"`)
        .send(figuresCsv(cached.value, request.query.lang ?? requestLanguage(request)));
    },
  );
}
