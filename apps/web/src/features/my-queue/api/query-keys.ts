// The signed-in account's own queue (decision 0002 §17): the request list filtered to its
// assignments, under the admin requests' prefix so any change to a request refreshes it.
import type { AdminRequestList } from '@acende/shared/schemas/admin-requests';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminRequestKeys } from '../../../lib/query-keys/admin-requests.ts';

export const myQueueQueries = {
  queue: (query: string) =>
    queryOptions({
      queryKey: [...adminRequestKeys.all(), 'queue', query] as const,
      queryFn: () => apiRequest<AdminRequestList>('GET', `/api/admin/repair-requests?${query}`),
    }),
};
