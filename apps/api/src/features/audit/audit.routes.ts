// GET /api/admin/audit (a keyset page), /api/admin/audit.csv (the filtered rows, streamed)
// and /api/admin/audit/accounts (the account filter's choices). Admins only. No route edits
// or deletes an audit row.

import { Readable } from 'node:stream';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import {
  auditAccountSchema,
  auditFiltersSchema,
  auditListQuerySchema,
  auditListSchema,
} from '@acende/shared/schemas/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requestLanguage } from '../../lib/language.ts';
import { exportAuditCsv, listAccountsForAudit, listAudit } from './audit.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['admin audit'];

export const auditRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/audit',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'The audit log, newest first, filtered, one keyset page (pass nextCursor as cursor for the next)',
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema, ...errors },
      },
    },
    async (request) => listAudit(deps, request.query),
  );

  app.get(
    '/api/admin/audit/accounts',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Every account, for the audit log’s account filter',
        response: { 200: z.array(auditAccountSchema), ...errors },
      },
    },
    async () => listAccountsForAudit(deps),
  );

  app.get(
    '/api/admin/audit.csv',
    {
      config: { auth: 'admin', export: true },
      schema: {
        tags,
        summary: 'The filtered audit log as CSV for pt-BR spreadsheets (streamed, newest first)',
        querystring: auditFiltersSchema,
        response: { 200: z.any().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const stamp = new Date(deps.clock.now()).toISOString().slice(0, 10);
      const name = requestLanguage(request) === 'pt' ? 'auditoria' : 'audit-log';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportAuditCsv(deps, request.query, requestLanguage(request)), { highWaterMark: 1 }));
    },
  );
};
