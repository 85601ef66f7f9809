// What every public page reads about the site: the captcha, the map defaults, the theme, who
// runs the service and the notices. The admin settings screens refresh these after a save.
import type { PublicPage } from '@acende/shared/public-pages';
import type { PublicCaptcha } from '@acende/shared/schemas/captcha';
import type { OperatorView, PublicPageView } from '@acende/shared/schemas/public-pages';
import type { PublicTheme } from '@acende/shared/schemas/theme';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export interface SiteSettings {
  tileUrl: string;
  tileAttribution: string;
  map: { lat: number; lon: number; zoom: number };
  /** The notices a citizen may ask for at filing beside e-mail (issue 36). */
  channels?: { sms: boolean; whatsapp?: boolean; push?: boolean };
}

export const publicSiteQueries = {
  /** GET /api/captcha: whether a form needs the captcha, which provider and its site key. */
  captcha: () =>
    queryOptions({
      queryKey: ['captcha'] as const,
      queryFn: () => apiRequest<PublicCaptcha>('GET', '/api/captcha'),
    }),
  /** GET /api/site: the tile source and the map centre before a position is known (decision 0002 §13). */
  site: () =>
    queryOptions({ queryKey: ['site'] as const, queryFn: () => apiRequest<SiteSettings>('GET', '/api/site') }),
  /** GET /api/theme: the public theme (colours, fonts, logo). */
  theme: () =>
    queryOptions({ queryKey: ['theme'] as const, queryFn: () => apiRequest<PublicTheme>('GET', '/api/theme') }),
  /** GET /api/operator: who runs the service, for every public page's footer. */
  operator: () =>
    queryOptions({
      queryKey: ['operator'] as const,
      queryFn: () => apiRequest<OperatorView>('GET', '/api/operator'),
      staleTime: 5 * 60_000,
    }),
  /** Every notice, in every language: the prefix a save of the notices refreshes. */
  publicPages: () => ['public-page'] as const,
  /** GET /api/public-pages/:page: a notice in the reader's language (Accept-Language). */
  publicPage: (page: PublicPage, language: string) =>
    queryOptions({
      queryKey: [...publicSiteQueries.publicPages(), page, language] as const,
      queryFn: () => apiRequest<PublicPageView>('GET', `/api/public-pages/${page}`),
    }),
};
