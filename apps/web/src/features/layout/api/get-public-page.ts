// GET /api/public-pages/:page: a notice in the reader's language (Accept-Language).
import type { PublicPage } from '@acende/shared/public-pages';
import type { PublicPageView } from '@acende/shared/schemas/public-pages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

export function usePublicPage(page: PublicPage) {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['public-page', page, language],
    queryFn: () => apiRequest<PublicPageView>('GET', `/api/public-pages/${page}`),
  });
}
