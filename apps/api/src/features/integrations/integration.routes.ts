// /api/integration/v1 (issue 38, decision 0066): a company's own system, by its bearer key,
// reads its company's requests and changes their status and notes. Limited per key across
// instances (the shared limit store) and per address, as Open311's POST.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import { integrationChangeSchema, integrationRequestSchema } from '@acende/shared/schemas/integrations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { clientKey } from '../../core/client-key.ts';
import { AppError } from '../../lib/errors.ts';
import { changeRequestForSystem, getRequestForSystem } from './integration-changes.service.ts';
import { type IntegrationSystem, systemOfKey } from './integration-keys.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['integration'];
const security = [{ integrationKey: [] }];

function bearerOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

export const integrationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const perWindow = { max: config.RATE_LIMIT_INTEGRATION_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
  /** A 429 with the wait when `key` is past its limit. */
  const limit = async (reply: FastifyReply, name: string, key: string) => {
    const wait = await deps.limits.hit({ name, ...perWindow }, key);
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      reply.header('retry-after', String(seconds));
      throw new AppError('common.errors.rateLimited', 429, { seconds });
    }
  };

  const systems = new WeakMap<FastifyRequest, IntegrationSystem>();
  /**
   * The key's system, or a 401, before the body is read (a stranger learns nothing from
   * validation); then the key's own limit, from wherever it calls (a 429 with the wait).
   */
  const keyed = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      // The address first: a caller with a bad key or none is counted too, before any lookup.
      await limit(reply, 'integration', clientKey(request.ip));
      const system = await systemOfKey(deps, bearerOf(request));
      await limit(reply, 'integration-key', `key:${system.id}`);
      systems.set(request, system);
    },
  };
  const systemOf = (request: FastifyRequest) => {
    const system = systems.get(request);
    if (!system) throw new AppError('admin-integrations.keys.invalid', 401);
    return system;
  };

  app.get(
    '/api/integration/v1/requests/:id',
    {
      config: { bearerKey: true },
      ...keyed,
      schema: {
        tags,
        security,
        summary: "One of the key's company's requests, as its system sees it (no citizen's contact data)",
        params: z.object({ id: idParam }),
        response: { 200: integrationRequestSchema, ...errors },
      },
    },
    async (request) => getRequestForSystem(deps, systemOf(request), request.params.id),
  );

  app.post(
    '/api/integration/v1/requests/:id/changes',
    {
      config: { bearerKey: true },
      ...keyed,
      schema: {
        tags,
        security,
        summary:
          "Change the status and/or notes of one of the key's company's requests, as an operator would; " +
          'once per Idempotency-Key (a retry replays the first answer)',
        params: z.object({ id: idParam }),
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: integrationChangeSchema,
        response: { 200: integrationRequestSchema, 409: errorResponseSchema, 422: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const system = systemOf(request);
      const answer = await changeRequestForSystem(
        deps,
        system,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
        request.ip,
      );
      return reply.code(answer.statusCode).send(answer.body);
    },
  );
};
