// Crews and work orders for supervisors (issue 37): admins and the company's operators keep
// crews and make work orders; every signed-in account of the company may read them.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { companyIdParam, idFromText, idParam } from '@acende/shared/schemas/fields';
import {
  crewInputSchema,
  crewPatchSchema,
  crewSchema,
  daySchema,
  workOrderInputSchema,
  workOrderSchema,
  workOrderSummarySchema,
} from '@acende/shared/schemas/work-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { requestLanguage } from '../../lib/language.ts';
import { changeCrew, createCrew, listCompanyCrews } from './crews.service.ts';
import { workOrdersOfficeRoutes } from './work-orders.office.routes.ts';
import { workOrderPdf } from './work-orders.pdf.ts';
import { cancelWorkOrder, createWorkOrder, getWorkOrder, listDayWorkOrders } from './work-orders.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const params = z.object({ id: idParam });
const notFound = { 404: errorResponseSchema };

export const workOrdersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // The dispatch board and the crew report: their own file, this one's routes left as they were.
  await app.register(workOrdersOfficeRoutes, { deps });

  app.get(
    '/api/admin/crews',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin work orders'],
        summary: "Crews of the companies the account may see; `companyId` keeps one company's",
        querystring: z.object({ companyId: z.optional(companyIdParam) }),
        response: { 200: z.array(crewSchema), ...errors },
      },
    },
    async (request) => listCompanyCrews(deps, request.admin!, request.query.companyId),
  );

  app.post(
    '/api/admin/crews',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin work orders'],
        summary: 'Create a crew of a company the account works for',
        body: crewInputSchema,
        response: { 201: crewSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCrew(deps, request.admin!, request.body, actorOf(request))),
  );

  app.patch(
    '/api/admin/crews/:id',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin work orders'],
        summary: 'Rename a crew or switch it off and on',
        params,
        body: crewPatchSchema,
        response: { 200: crewSchema, ...notFound, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => changeCrew(deps, request.admin!, request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/api/admin/work-orders',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin work orders'],
        summary: 'Work orders by day and crew, newest day first (at most 500)',
        querystring: z.object({ day: z.optional(daySchema), crewId: z.optional(idFromText()) }),
        response: { 200: z.array(workOrderSummarySchema), ...errors },
      },
    },
    async (request) => listDayWorkOrders(deps, request.admin!, request.query),
  );

  app.post(
    '/api/admin/work-orders',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin work orders'],
        summary: 'Make a work order for a crew and a day from chosen requests or all open ones in an area',
        body: workOrderInputSchema,
        response: { 201: workOrderSchema, ...notFound, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createWorkOrder(deps, request.admin!, request.body, actorOf(request))),
  );

  app.get(
    '/api/admin/work-orders/:id',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin work orders'],
        summary: 'A work order with its stops in route order',
        params,
        response: { 200: workOrderSchema, ...notFound, ...errors },
      },
    },
    async (request) => getWorkOrder(deps, request.admin!, request.params.id),
  );

  app.get(
    '/api/admin/work-orders/:id/pdf',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin work orders'],
        summary: "The work order on paper (A4, the route's map and the stops in order), in the caller's language",
        params,
        response: { 200: z.any().describe('The work order as application/pdf'), ...notFound, ...errors },
      },
    },
    async (request, reply) => {
      const order = await getWorkOrder(deps, request.admin!, request.params.id);
      const pdf = await workOrderPdf(deps, order, requestLanguage(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="ordem-de-servico-${order.id}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/api/admin/work-orders/:id/cancel',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin work orders'],
        summary: 'Cancel a work order; its requests may go into another',
        params,
        response: { 200: workOrderSchema, ...notFound, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => cancelWorkOrder(deps, request.admin!, request.params.id, actorOf(request)),
  );
};
