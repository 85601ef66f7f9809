import { adminRequestListQuerySchema } from '@acende/shared/schemas/admin-request-filters';
import {
  adminRequestDetailSchema,
  adminRequestListSchema,
  assigneeSchema,
  bulkRepairRequestsSchema,
  bulkResultSchema,
  companyRequestCountsSchema,
  requestCountsSchema,
  transferRepairRequestSchema,
  transferResultSchema,
  updateRepairRequestSchema,
} from '@acende/shared/schemas/admin-requests';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { companyIdParam, idParam } from '@acende/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { bulkChangeRepairRequests } from './admin-requests.bulk.service.ts';
import { transferRepairRequest, updateRepairRequest } from './admin-requests.change.service.ts';
import {
  getAdminRequest,
  getCompanyRequestCounts,
  getRequestCounts,
  listAdminRequests,
  listAssignees,
} from './admin-requests.read.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const adminRequestsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/repair-requests',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin requests'],
        summary: 'Requests the account may see, filtered and paged, newest first',
        querystring: adminRequestListQuerySchema,
        response: { 200: adminRequestListSchema, ...errors },
      },
    },
    async (request) => listAdminRequests(deps, request.admin!, request.query),
  );

  app.get(
    '/api/admin/repair-requests/counts',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin requests'],
        summary: 'Dashboard counts by status',
        response: { 200: requestCountsSchema, ...errors },
      },
    },
    async (request) => getRequestCounts(deps, request.admin!),
  );

  app.get(
    '/api/admin/repair-requests/counts/company',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin requests'],
        summary: 'Dashboard counts by company and status',
        response: { 200: companyRequestCountsSchema, ...errors },
      },
    },
    async (request) => getCompanyRequestCounts(deps, request.admin!),
  );

  app.get(
    '/api/admin/repair-requests/:id',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin requests'],
        summary: 'One request with its company, assignee and full history',
        params: z.object({ id: idParam }),
        response: { 200: adminRequestDetailSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => getAdminRequest(deps, request.admin!, request.params.id),
  );

  app.patch(
    '/api/admin/repair-requests/:id',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin requests'],
        summary: 'Change status, assignee and notes; send the updatedAt you read (409 when stale)',
        params: z.object({ id: idParam }),
        body: updateRepairRequestSchema,
        response: { 200: adminRequestDetailSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => updateRepairRequest(deps, request.admin!, request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/api/admin/repair-requests/:id/transfer',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin requests'],
        summary: 'Send a request to another active company with a reason; send the updatedAt you read (409 when stale)',
        params: z.object({ id: idParam }),
        body: transferRepairRequestSchema,
        response: { 200: transferResultSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => transferRepairRequest(deps, request.admin!, request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/api/admin/repair-requests/bulk',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin requests'],
        summary: 'Change the status, assignee or company of up to 1,000 requests (by id or filter); per-row summary',
        body: bulkRepairRequestsSchema,
        response: { 200: bulkResultSchema, ...errors },
      },
    },
    async (request) =>
      bulkChangeRepairRequests(deps, request.admin!, request.body, actorOf(request), (id, error) =>
        request.log.error({ err: error, requestId: id }, 'bulk change: a row failed'),
      ),
  );

  app.get(
    '/api/admin/assignees',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin requests'],
        summary: "Active admin and user accounts that may see the company's requests",
        querystring: z.object({ companyId: z.optional(companyIdParam) }),
        response: { 200: z.array(assigneeSchema), ...errors },
      },
    },
    async (request) => listAssignees(deps, request.admin!, request.query.companyId),
  );
};
