// POST /api/admin/poles/labels: QR labels for a selection of poles or a whole company, as
// an A4 PDF streamed to the caller. Operators only (a viewer reads, prints nothing), within
// the companies the account is linked to.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { POLE_LABELS_SELECTION_MAX, poleLabelsRequestSchema } from '@acende/shared/schemas/pole-labels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import { requestLanguage } from '../../lib/language.ts';
import { printPoleLabels } from './poles-labels.service.ts';

const responses = {
  200: z.any().describe('The labels as application/pdf'),
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const poleLabelsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/api/admin/poles/labels',
    {
      config: { auth: 'operator', export: true },
      schema: {
        tags: ['admin poles'],
        summary: 'QR labels of poles as an A4 PDF (3 × 7 labels of 63.5 × 38.1 mm a sheet), streamed',
        description:
          `Send either \`poleIds\` (1 to ${POLE_LABELS_SELECTION_MAX}, printed in that order, inactive ones too) ` +
          'or `companyId` (every active pole of the company in registration order, any number, streamed; ' +
          '`includeInactive: true` adds the inactive ones). Each label: the pole number, the service name, ' +
          'the company, and a QR code of `{PUBLIC_URL}/p/{companyId}/{number}` printed also as text. ' +
          'A pole unknown or outside the caller’s companies is a 404 and nothing is printed. ' +
          'The answer is application/pdf with `x-label-count`.',
        body: poleLabelsRequestSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const result = await printPoleLabels(
        deps,
        request.admin as AuthAdmin,
        request.body,
        requestLanguage(request),
        request.log,
        actorOf(request),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${result.filename}"`)
        .header('cache-control', 'no-store')
        .header('x-label-count', String(result.count))
        .send(result.stream);
    },
  );
};
