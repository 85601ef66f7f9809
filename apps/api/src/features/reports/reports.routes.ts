// GET /api/admin/reports/{requests|area|location-map|sla|ratings} (JSON, paged) and the same with
// .pdf and .csv (streamed), plus /options for the filter lists. Any signed-in account.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import {
  areaReportSchema,
  locationMapReportSchema,
  mapQuerySchema,
  REPORT_KINDS,
  type ReportKind,
  ratingsReportSchema,
  reportFiltersSchema,
  reportOptionsSchema,
  reportQuerySchema,
  requestsReportSchema,
  slaReportSchema,
} from '@acende/shared/schemas/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import { requestLanguage } from '../../lib/language.ts';
import { type ExportFormat, exportReport } from './reports.export.ts';
import {
  getAreaReport,
  getLocationMapReport,
  getRatingsReport,
  getReportOptions,
  getRequestsReport,
  getSlaReport,
} from './reports.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const reportsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const base = '/api/admin/reports';
  const config = { auth: 'any' as const };
  const signedIn = (admin: AuthAdmin | null) => admin as AuthAdmin;

  app.get(
    `${base}/options`,
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Companies, users and areas offered by the report filters (within the company scope)',
        response: { 200: reportOptionsSchema, ...errors },
      },
    },
    async (request) => getReportOptions(deps, signedIn(request.admin)),
  );

  app.get(
    `${base}/requests`,
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Requests report: summary and one page of rows',
        querystring: reportQuerySchema,
        response: { 200: requestsReportSchema, ...errors },
      },
    },
    async (request) => getRequestsReport(deps, signedIn(request.admin), request.query),
  );

  app.get(
    `${base}/area`,
    {
      config,
      schema: {
        tags: ['admin'],
        summary:
          'Area report: one row per neighbourhood and city, most unresolved (open or in progress) requests first',
        querystring: reportQuerySchema,
        response: { 200: areaReportSchema, ...errors },
      },
    },
    async (request) => getAreaReport(deps, signedIn(request.admin), request.query),
  );

  app.get(
    `${base}/location-map`,
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Location-map report: summary and one page of points (up to 5000 per page)',
        querystring: mapQuerySchema,
        response: { 200: locationMapReportSchema, ...errors },
      },
    },
    async (request) => getLocationMapReport(deps, signedIn(request.admin), request.query),
  );

  app.get(
    `${base}/sla`,
    {
      config,
      schema: {
        tags: ['admin'],
        summary:
          'Repair-deadline report: per energy company and problem type, repaired within target (count, share), median and p90 time to repair, overdue now',
        querystring: reportQuerySchema,
        response: { 200: slaReportSchema, ...errors },
      },
    },
    async (request) => getSlaReport(deps, signedIn(request.admin), request.query),
  );

  app.get(
    `${base}/ratings`,
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "Citizens' ratings report: per energy company, rated requests, mean score, low and high scores",
        querystring: reportQuerySchema,
        response: { 200: ratingsReportSchema, ...errors },
      },
    },
    async (request) => getRatingsReport(deps, signedIn(request.admin), request.query),
  );

  for (const kind of REPORT_KINDS) {
    for (const format of ['pdf', 'csv'] as const satisfies ExportFormat[]) {
      app.get(
        `${base}/${kind}.${format}`,
        {
          config: { ...config, export: true },
          schema: {
            tags: ['admin'],
            summary: `The ${kind} report as ${format.toUpperCase()}, in the caller's language (streamed)`,
            querystring: reportFiltersSchema,
          },
        },
        async (request, reply) => {
          const result = await exportReport(
            deps,
            signedIn(request.admin),
            kind as ReportKind,
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
  }
};
