// The dashboard's counts, under the admin requests' prefix so any change to a request
// refreshes them; the per-company counts are shared with the list filters (src/lib).
import type { RequestCounts } from '@acende/shared/schemas/admin-requests';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminRequestKeys, adminRequestQueries } from '../../../lib/query-keys/admin-requests.ts';

export const dashboardQueries = {
  counts: () =>
    queryOptions({
      queryKey: adminRequestKeys.counts(),
      queryFn: () => apiRequest<RequestCounts>('GET', '/api/admin/repair-requests/counts'),
    }),
  companyCounts: adminRequestQueries.companyCounts,
};
