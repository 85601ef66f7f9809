// Who runs the service, for every public page's footer.
import { useQuery } from '@tanstack/react-query';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';

export function useOperator() {
  return useQuery(publicSiteQueries.operator());
}
