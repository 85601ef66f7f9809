// The office's reading of the field work (issue 37): the dispatch board of a day, the crew
// report over a period, as JSON, CSV and PDF, and the photos a crew attached to a work order's
// stops. Every signed-in account, in its company scope.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import {
  boardQuerySchema,
  crewReportFiltersSchema,
  crewReportQuerySchema,
  crewReportSchema,
  dispatchBoardSchema,
  workOrderPhotoParamsSchema,
  workOrderPhotoQuerySchema,
} from '@acende/shared/schemas/work-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { requestLanguage } from '../../lib/language.ts';
import { sendImage } from '../../lib/send-image.ts';
import { type CrewReportFormat, exportCrewReport } from './crew-report.export.ts';
import { getCrewReport } from './crew-report.service.ts';
import { readWorkOrderPhoto } from './stop-records.service.ts';
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

  app.get(
    '/api/admin/work-orders/:id/photos/:photoId',
    {
      config: { auth: 'any' },
      schema: {
        tags,
        summary:
          "A photo the crew attached to one of the work order's stops (image/jpeg), full size or thumbnail; one of another company's order is a 404",
        params: workOrderPhotoParamsSchema,
        querystring: workOrderPhotoQuerySchema,
        response: { ...errors, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { id, photoId } = request.params;
      const bytes = await readWorkOrderPhoto(deps, request.admin!, id, photoId, request.query.size);
      // As a citizen's photo for operators: the browser keeps it a while, no shared cache does.
      return sendImage(reply, bytes, 'private, max-age=300');
    },
  );
};
