import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';

export interface Lifecycle {
  closing: boolean;
}

export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; lifecycle: Lifecycle }> = async (
  app,
  { deps, lifecycle },
) => {
  const status = z.object({ status: z.string() });
  app.get(
    '/api/health',
    { schema: { tags: ['ops'], summary: 'The process is up', response: { 200: status } } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['ops'],
        summary: 'The process accepts work and its database answers',
        response: { 200: status, 503: status },
      },
    },
    async (_request, reply) => {
      if (lifecycle.closing) return reply.code(503).send({ status: 'closing' });
      try {
        await sql`select 1`.execute(deps.db);
        return { status: 'ready' };
      } catch (error) {
        app.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );
};
