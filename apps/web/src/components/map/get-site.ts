// The tile source and the map centre before a position is known (decision 0002 §13).
import { useQuery } from '@tanstack/react-query';
import { publicSiteQueries } from '../../lib/query-keys/public-site.ts';

export function useSite() {
  return useQuery(publicSiteQueries.site());
}
