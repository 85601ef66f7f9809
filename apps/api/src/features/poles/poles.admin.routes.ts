// The pole registry for the back office (issue 21): list, read, create and edit. Reading is
// for any signed-in account, writing for operators; a linked account sees its companies' only.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import { adminPoleSchema, poleInputSchema } from '@acende/shared/schemas/poles';
import { adminPoleListQuerySchema, adminPoleListSchema } from '@acende/shared/schemas/poles-registry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { createPole, getAdminPole, listAdminPoles, updateAdminPole } from './poles.service.ts';

const tags = ['admin poles'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const params = z.object({ id: idParam });

export const polesAdminRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/poles',
    {
      config: { auth: 'any' },
      schema: {
        tags,
        summary: 'Poles the account may see, by number; q finds a number by its beginning or a street by a part',
        querystring: adminPoleListQuerySchema,
        response: { 200: adminPoleListSchema, ...errors },
      },
    },
    async (request) => listAdminPoles(deps, request.admin!, request.query),
  );

  app.get(
    '/api/admin/poles/:id',
    {
      config: { auth: 'any' },
      schema: {
        tags,
        summary: 'One pole (404 when it is another company’s than the account’s)',
        params,
        response: { 200: adminPoleSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => getAdminPole(deps, request.admin!, request.params.id),
  );

  app.post(
    '/api/admin/poles',
    {
      config: { auth: 'operator' },
      schema: {
        tags,
        summary: 'Register a pole (409 when its company already has the number)',
        body: poleInputSchema,
        response: { 201: adminPoleSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPole(deps, request.admin!, request.body, actorOf(request))),
  );

  app.put(
    '/api/admin/poles/:id',
    {
      config: { auth: 'operator' },
      schema: {
        tags,
        summary: 'Edit a pole; active false takes it out of service, true puts it back',
        params,
        body: poleInputSchema,
        response: { 200: adminPoleSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => updateAdminPole(deps, request.admin!, request.params.id, request.body, actorOf(request)),
  );
};
