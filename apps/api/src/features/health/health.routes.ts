import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';

export interface Lifecycle {
  closing: boolean;
  /** The drain is over: every new request is refused (503, Connection: close) until the process ends. */
  refusing?: boolean;
}

/** How long one database probe of /api/health is reused, and how long it may take (decision 0048). */
const PROBE_REUSE_MS = 1000;
const PROBE_TIMEOUT_MS = 2000;

/**
 * Whether the database answers `select 1` within PROBE_TIMEOUT_MS: one probe shared by every
 * health call of the same second, so a load of health calls costs one query a second.
 */
function databaseProbe(deps: AppDeps, onChange: (up: boolean) => void): () => Promise<boolean> {
  let last: { at: number; up: Promise<boolean> } | undefined;
  let wasUp = true;
  return () => {
    const now = performance.now();
    if (last && now - last.at < PROBE_REUSE_MS) return last.up;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    });
    const query = sql`select 1`.execute(deps.db).then(
      () => true,
      () => false,
    );
    const up = Promise.race([query, timeout]).then((answer) => {
      clearTimeout(timer);
      if (answer !== wasUp) onChange(answer);
      wasUp = answer;
      return answer;
    });
    last = { at: now, up };
    return up;
  };
}

export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; lifecycle: Lifecycle }> = async (
  app,
  { deps, lifecycle },
) => {
  const status = z.object({ status: z.string() });
  const probe = databaseProbe(deps, (up) =>
    up ? app.log.info('database reachable again') : app.log.error('database unreachable: answering 503'),
  );
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'The process is up (200 while it runs); `database` says whether its database answers',
        response: { 200: z.object({ status: z.string(), database: z.enum(['up', 'down']) }) },
      },
    },
    async () =>
      (await probe()) ? { status: 'ok', database: 'up' as const } : { status: 'degraded', database: 'down' as const },
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
