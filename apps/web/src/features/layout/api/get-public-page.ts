// A notice in the reader's language (Accept-Language).
import type { PublicPage } from '@acende/shared/public-pages';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';

export function usePublicPage(page: PublicPage) {
  return useQuery(publicSiteQueries.publicPage(page, currentLanguage()));
}
