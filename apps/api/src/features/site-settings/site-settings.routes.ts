import { DEFAULT_MAP_CENTER } from '@acende/shared/constants';
import { DEFAULT_THEME, type PublicTheme, publicThemeSchema } from '@acende/shared/schemas/theme';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { readSetting } from './site-settings.repository.ts';

export const THEME_KEY = 'theme';
export const MAP_KEY = 'map';

export async function readPublicTheme(deps: AppDeps): Promise<PublicTheme> {
  const stored = (await readSetting<Partial<PublicTheme>>(deps.db, THEME_KEY)) ?? {};
  return z.parse(publicThemeSchema, { ...DEFAULT_THEME, ...stored });
}

const siteSchema = z.object({
  tileUrl: z.string(),
  tileAttribution: z.string(),
  map: z.object({ lat: z.number(), lon: z.number(), zoom: z.number() }),
});

export const siteSettingsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
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
    async () => {
      const map =
        (await readSetting<{ lat: number; lon: number; zoom: number }>(deps.db, MAP_KEY)) ?? DEFAULT_MAP_CENTER;
      return { tileUrl: deps.config.TILE_URL, tileAttribution: deps.config.TILE_ATTRIBUTION, map };
    },
  );
};
