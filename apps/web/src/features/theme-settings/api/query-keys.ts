// The theme settings screen's queries: the theme with the map defaults, and who runs the
// service with the two public notices. A save also refreshes what the public pages read
// (src/lib/query-keys/public-site.ts).
import type { PublicPagesSettingsView } from '@acende/shared/schemas/public-pages';
import type { ThemeSettingsPayload } from '@acende/shared/schemas/theme';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const themeSettingsQueries = {
  /** GET /api/admin/theme-settings. */
  theme: () =>
    queryOptions({
      queryKey: ['admin', 'theme-settings'] as const,
      queryFn: () => apiRequest<ThemeSettingsPayload>('GET', '/api/admin/theme-settings'),
    }),
  /** GET /api/admin/public-pages. */
  publicPages: () =>
    queryOptions({
      queryKey: ['admin', 'public-pages'] as const,
      queryFn: () => apiRequest<PublicPagesSettingsView>('GET', '/api/admin/public-pages'),
    }),
};
