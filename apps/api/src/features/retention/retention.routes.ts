import { adminRequestDetailSchema } from '@acende/shared/schemas/admin-requests';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import { retentionSettingsSchema } from '@acende/shared/schemas/retention';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { anonymizeRequestNow, getRetentionSettings, saveRetentionSettings } from './retention.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const retentionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const actorOf = (request: { admin: { id: number; username: string } | null; ip: string }) => ({
    id: request.admin?.id ?? null,
    username: request.admin?.username ?? null,
    ip: request.ip,
  });

  app.get(
    '/api/admin/retention-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Months after which closed requests lose their contact data, and how long the audit log is kept',
        response: { 200: retentionSettingsSchema, ...errors },
      },
    },
    async () => getRetentionSettings(deps),
  );

  app.put(
    '/api/admin/retention-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Saves the retention of contact data and of the audit log (audited)',
        body: retentionSettingsSchema,
        response: { 200: retentionSettingsSchema, ...errors },
      },
    },
    async (request) => saveRetentionSettings(deps, actorOf(request), request.body),
  );

  app.post(
    '/api/admin/repair-requests/:id/anonymize',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin requests'],
        summary:
          "Erases the citizen's name, phone and e-mail from one request now (a data subject's request; 409 when already done)",
        params: z.object({ id: idParam }),
        response: { 200: adminRequestDetailSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => anonymizeRequestNow(deps, request.admin!, actorOf(request), request.params.id),
  );
};
