// Every feature's routes, in the order they are registered, and the OpenAPI document that
// describes them (with Open311's, which its routes answer by hand).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import type { FrontDoor, ServerApp } from './app-server.ts';
import { adminRequestsRoutes } from './features/admin-requests/admin-requests.routes.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { twoFactorRoutes } from './features/auth/two-factor.routes.ts';
import { captchaRoutes } from './features/captcha/captcha.routes.ts';
import { crewRoutes } from './features/crew/crew.routes.ts';
import { duplicatesRoutes } from './features/duplicates/duplicates.routes.ts';
import { emailRoutes } from './features/email/email.routes.ts';
import { energyCompaniesAdminRoutes } from './features/energy-companies/energy-companies.admin.routes.ts';
import { energyCompaniesRoutes } from './features/energy-companies/energy-companies.routes.ts';
import { followersRoutes } from './features/followers/followers.routes.ts';
import { geocodingRoutes } from './features/geocoding/geocoding.routes.ts';
import { healthRoutes, type Lifecycle } from './features/health/health.routes.ts';
import { integrationRoutes } from './features/integrations/integration.routes.ts';
import { integrationKeysRoutes } from './features/integrations/integration-keys.routes.ts';
import { materialsRoutes } from './features/materials/materials.routes.ts';
import { openDataRoutes } from './features/open-data/open-data.routes.ts';
import { open311OpenApiPaths } from './features/open311/open311.openapi.ts';
import { OPEN311_PREFIX, open311Routes } from './features/open311/open311.routes.ts';
import { open311KeysRoutes } from './features/open311/open311-keys.routes.ts';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes.ts';
import { photosRoutes } from './features/photos/photos.routes.ts';
import { polesAdminRoutes } from './features/poles/poles.admin.routes.ts';
import { polesLookupRoutes } from './features/poles/poles.lookup.routes.ts';
import { polesImportRoutes } from './features/poles/poles-import.routes.ts';
import { poleLabelsRoutes } from './features/poles/poles-labels.routes.ts';
import { polesMapRoutes } from './features/poles/poles-map.routes.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { repairRequestsRoutes } from './features/repair-requests/repair-requests.routes.ts';
import { replyTemplatesRoutes } from './features/reply-templates/reply-templates.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { retentionRoutes } from './features/retention/retention.routes.ts';
import { siteSettingsRoutes } from './features/site-settings/site-settings.routes.ts';
import { slaRoutes } from './features/sla/sla.routes.ts';
import { smsRoutes } from './features/sms/sms.routes.ts';
import { transparencyRoutes } from './features/transparency/transparency.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { webhooksRoutes } from './features/webhooks/webhooks.routes.ts';
import { whatsappRoutes } from './features/whatsapp/whatsapp.routes.ts';
import { workOrdersRoutes } from './features/work-orders/work-orders.routes.ts';

/** The OpenAPI document at /api/openapi.json and its browsable view at /api/docs. */
export async function registerApiDocs(app: ServerApp): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Acende API', version: '1.0.0', description: 'Street-lighting repair requests' },
      // A company's system calls /api/integration/v1 with its key as a bearer token (decision 0066).
      components: { securitySchemes: { integrationKey: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    // The Open311 routes answer the spec's documents and validate by hand: described apart.
    transformObject: (document) => {
      const { openapiObject } = document as { openapiObject: { paths?: Record<string, unknown> } };
      return { ...openapiObject, paths: { ...openapiObject.paths, ...open311OpenApiPaths() } } as never;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

export async function registerFeatureRoutes(
  app: ServerApp,
  deps: AppDeps,
  lifecycle: Lifecycle,
  front: FrontDoor,
): Promise<void> {
  await app.register(healthRoutes, { deps, lifecycle });
  await app.register(energyCompaniesRoutes, { deps });
  await app.register(repairRequestsRoutes, {
    deps,
    lifecycle,
    setFastPath: (path) => {
      front.fastPath = path;
    },
  });
  await app.register(polesLookupRoutes, { deps });
  await app.register(siteSettingsRoutes, { deps });
  await app.register(captchaRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(twoFactorRoutes, { deps });
  await app.register(emailRoutes, { deps });
  await app.register(pushRoutes, { deps });
  await app.register(smsRoutes, { deps });
  await app.register(whatsappRoutes, { deps });
  await app.register(passwordResetRoutes, { deps });
  await app.register(usersRoutes, { deps });
  await app.register(adminRequestsRoutes, { deps });
  await app.register(energyCompaniesAdminRoutes, { deps });
  await app.register(polesAdminRoutes, { deps });
  await app.register(geocodingRoutes, { deps });
  await app.register(reportsRoutes, { deps });
  await app.register(polesMapRoutes, { deps });
  await app.register(polesImportRoutes, { deps });
  await app.register(poleLabelsRoutes, { deps });
  await app.register(retentionRoutes, { deps });
  await app.register(auditRoutes, { deps });
  await app.register(replyTemplatesRoutes, { deps });
  await app.register(slaRoutes, { deps });
  await app.register(followersRoutes, { deps });
  await app.register(duplicatesRoutes, { deps });
  await app.register(photosRoutes, { deps });
  await app.register(open311KeysRoutes, { deps });
  await app.register(webhooksRoutes, { deps });
  await app.register(integrationKeysRoutes, { deps });
  await app.register(integrationRoutes, { deps });
  await app.register(workOrdersRoutes, { deps });
  await app.register(crewRoutes, { deps });
  await app.register(materialsRoutes, { deps });
  // GeoReport v2 in a scope of its own: its body parser, its error list and its not-found answer.
  await app.register(open311Routes, { deps, prefix: OPEN311_PREFIX });
  await app.register(openDataRoutes, { deps });
  await app.register(transparencyRoutes, { deps });
}
