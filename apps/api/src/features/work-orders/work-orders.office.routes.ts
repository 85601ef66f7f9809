// The office's reading of the field work (issue 37): the dispatch board of a day and the crew
// report over a period, as JSON, CSV and PDF. Every signed-in account, in its company scope.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import {
  boardQuerySchema,
  crewReportFiltersSchema,
  crewReportQuerySchema,
  crewReportSchema,
  dispatchBoardSchema,
} from '@acende/shared/schemas/work-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { requestLanguage } from '../../lib/language.ts';
import { type CrewReportFormat, exportCrewReport } from './crew-report.export.ts';
import { getCrewReport } from './crew-report.service.ts';
import { getDispatchBoard } from './work-orders.board.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['admin work orders'];

export const workOrdersOfficeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/work-orders/board',
    {
      config: { auth: 'any' },
      schema: {
        tags,
        summary:
          "The dispatch board of a day: each crew's work orders with stops fixed, not possible, pending and late, first arrival and last finish; the active crews without one",
        querystring: boardQuerySchema,
        response: { 200: dispatchBoardSchema, ...errors },
      },
    },
    async (request) => getDispatchBoard(deps, request.admin!, request.query),
  );

  app.get(
    '/api/admin/work-orders/report',
    {
      config: { auth: 'any' },
      schema: {
        tags,
        summary:
          'The crew report over at most 366 days: per crew and day (a page of 200) and per crew, stops, fixed, fixed at the first visit, not possible and median minutes on site; and the totals',
        querystring: crewReportQuerySchema,
        response: { 200: crewReportSchema, ...errors },
      },
    },
    async (request) => getCrewReport(deps, request.admin!, request.query),
  );

  for (const format of ['csv', 'pdf'] as const satisfies CrewReportFormat[]) {
    app.get(
      `/api/admin/work-orders/report.${format}`,
      {
        config: { auth: 'any', export: true },
        schema: {
          tags,
          summary: `The crew report as ${format.toUpperCase()}, every row, in the caller's language`,
          querystring: crewReportFiltersSchema,
        },
      },
      async (request, reply) => {
        const result = await exportCrewReport(
          deps,
          request.admin!,
          format,
          request.query,
          requestLanguage(request),
          request.log,
          actorOf(request),
        );
        return reply
          .header('content-type', result.contentType)
          .header('content-disposition', `attachment; filename="${result.filename}"`)
          .header('cache-control', 'no-store')
          .send(result.stream);
      },
    );
  }
};
