// The public theme (colours, fonts, logo).
import { useQuery } from '@tanstack/react-query';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';

export function useTheme() {
  return useQuery(publicSiteQueries.theme());
}
