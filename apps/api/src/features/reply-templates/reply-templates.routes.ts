// Reply templates (decision 0031): admins create, change and delete them; operators (admin
// and user accounts) read them for the update form. Templates belong to no company.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import { requestStatusSchema } from '@acende/shared/schemas/repair-requests';
import { replyTemplateInputSchema, replyTemplateSchema } from '@acende/shared/schemas/reply-templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import {
  createReplyTemplate,
  deleteReplyTemplate,
  listReplyTemplates,
  updateReplyTemplate,
} from './reply-templates.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const params = z.object({ id: idParam });

export const replyTemplatesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/reply-templates',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin reply templates'],
        summary: "Reply templates by status and name; `status` keeps one status's",
        querystring: z.object({ status: z.optional(requestStatusSchema) }),
        response: { 200: z.array(replyTemplateSchema), ...errors },
      },
    },
    async (request) => listReplyTemplates(deps, request.query.status),
  );

  app.post(
    '/api/admin/reply-templates',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin reply templates'],
        summary: 'Create a reply template (name, status, Portuguese and English text)',
        body: replyTemplateInputSchema,
        response: { 201: replyTemplateSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createReplyTemplate(deps, request.body, actorOf(request))),
  );

  app.put(
    '/api/admin/reply-templates/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin reply templates'],
        summary: 'Change a reply template; the history of requests it was used on keeps its text',
        params,
        body: replyTemplateInputSchema,
        response: { 200: replyTemplateSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => updateReplyTemplate(deps, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/api/admin/reply-templates/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin reply templates'],
        summary: 'Delete a reply template; the history of requests it was used on keeps its text',
        params,
        response: { 204: z.null(), 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteReplyTemplate(deps, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};
