import { PUBLIC_PAGES, type PublicPage } from '@acende/shared/public-pages';
import {
  operatorViewSchema,
  publicPagesSettingsSchema,
  publicPagesSettingsViewSchema,
  publicPageViewSchema,
} from '@acende/shared/schemas/public-pages';
import {
  logoUploadSchema,
  publicThemeSchema,
  themeSettingsPayloadSchema,
  themeSettingsViewSchema,
} from '@acende/shared/schemas/theme';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { isPushEnabled } from '../../core/channels/push-settings.service.ts';
import { isSmsEnabled } from '../../core/channels/sms-settings.service.ts';
import { isWhatsappEnabled } from '../../core/channels/whatsapp-settings.service.ts';
import { notFound } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import {
  getPublicPagesSettings,
  readOperator,
  readPublicPage,
  savePublicPagesSettings,
} from './public-pages.service.ts';
import {
  getThemeSettings,
  readLogo,
  readMapDefaults,
  readPublicTheme,
  removeLogo,
  saveThemeSettings,
  uploadLogo,
} from './site-settings.service.ts';

const siteSchema = z.object({
  tileUrl: z.string(),
  tileAttribution: z.string(),
  map: z.object({ lat: z.number(), lon: z.number(), zoom: z.number() }),
  /** The notices a citizen may ask for at filing beside e-mail (issue 36). */
  channels: z.object({ sms: z.boolean(), whatsapp: z.boolean(), push: z.boolean() }),
});

/** base64 of 512 KB plus the JSON around it. */
const LOGO_BODY_LIMIT = 720 * 1024;

export const siteSettingsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  registerPublicSiteRoutes(app, deps);
  registerPublicPagesAdminRoutes(app, deps);
  registerThemeRoutes(app, deps);
};

/** What every public page reads: the theme, the map's settings, who runs the service, the notices. */
function registerPublicSiteRoutes(app: RouteApp, deps: AppDeps): void {
  app.get(
    '/api/theme',
    { schema: { tags: ['public'], summary: 'The public part of the theme', response: { 200: publicThemeSchema } } },
    async () => readPublicTheme(deps),
  );

  app.get(
    '/api/site',
    {
      schema: {
        tags: ['public'],
        summary: 'What the public map needs: tile source and the centre before a position is known',
        response: { 200: siteSchema },
      },
    },
    async () => ({
      tileUrl: deps.config.TILE_URL,
      tileAttribution: deps.config.TILE_ATTRIBUTION,
      map: await readMapDefaults(deps),
      channels: {
        sms: await isSmsEnabled(deps.db),
        whatsapp: await isWhatsappEnabled(deps.db),
        push: await isPushEnabled(deps.db),
      },
    }),
  );

  app.get(
    '/api/operator',
    {
      schema: {
        tags: ['public'],
        summary: "Who runs the service: the name and contact every public page's footer shows",
        response: { 200: operatorViewSchema },
      },
    },
    async () => readOperator(deps),
  );

  app.get(
    '/api/public-pages/:page',
    {
      schema: {
        tags: ['public'],
        summary: 'The privacy notice or the accessibility statement, as plain text in the reader’s language',
        params: z.object({ page: z.string().max(40) }),
        response: { 200: publicPageViewSchema },
      },
    },
    async (request) => {
      const page = request.params.page as PublicPage;
      if (!PUBLIC_PAGES.includes(page)) throw notFound();
      return readPublicPage(deps, page, requestLanguage(request));
    },
  );
}

/** The operator and the public notices, as an admin edits them. */
function registerPublicPagesAdminRoutes(app: RouteApp, deps: AppDeps): void {
  app.get(
    '/api/admin/public-pages',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The operator and the public notices as saved, with the default texts',
        response: { 200: publicPagesSettingsViewSchema },
      },
    },
    async () => getPublicPagesSettings(deps),
  );

  app.post(
    '/api/admin/public-pages',
    {
      config: { auth: 'admin' },
      // Four notices of up to 20,000 characters, each up to 4 bytes in UTF-8, and the JSON around them.
      bodyLimit: 400 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Saves the operator and the public notices (plain text; blank means the default)',
        body: publicPagesSettingsSchema,
        response: { 200: publicPagesSettingsViewSchema },
      },
    },
    async (request) => savePublicPagesSettings(deps, request.body, actorOf(request)),
  );
}

/** The logo and the theme settings, served and edited. */
function registerThemeRoutes(app: RouteApp, deps: AppDeps): void {
  app.get(
    '/api/theme/logo',
    { schema: { tags: ['public'], summary: 'The uploaded logo, with its content type' } },
    async (_request, reply) => {
      const logo = await readLogo(deps);
      if (!logo) throw notFound();
      reply.header('content-type', logo.contentType).header('cache-control', 'public, max-age=3600');
      reply.header('x-content-type-options', 'nosniff').header('content-disposition', 'inline; filename="logo"');
      if (logo.contentType === 'image/svg+xml') {
        // Even sanitised, an SVG opened on its own must not run or fetch anything.
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      }
      return reply.send(logo.bytes);
    },
  );

  app.get(
    '/api/admin/theme-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Theme settings and the map defaults',
        response: { 200: themeSettingsViewSchema },
      },
    },
    async () => getThemeSettings(deps),
  );

  app.post(
    '/api/admin/theme-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Saves the theme and the map defaults',
        body: themeSettingsPayloadSchema,
        response: { 200: themeSettingsViewSchema },
      },
    },
    async (request) => saveThemeSettings(deps, request.body, actorOf(request)),
  );

  app.post(
    '/api/admin/theme-settings/logo',
    {
      config: { auth: 'admin' },
      bodyLimit: LOGO_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'Uploads a logo (PNG, SVG or WebP up to 512 KB, base64 in JSON); SVG is sanitised',
        body: logoUploadSchema,
        response: { 200: z.object({ logoUrl: z.string() }) },
      },
    },
    async (request) => uploadLogo(deps, request.body, actorOf(request)),
  );

  app.delete(
    '/api/admin/theme-settings/logo',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], summary: 'Removes the uploaded logo' } },
    async (request, reply) => {
      await removeLogo(deps, actorOf(request));
      return reply.code(204).send();
    },
  );
}
