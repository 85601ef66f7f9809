import type { AdminRequestList } from '@acende/shared/schemas/admin-requests';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryString } from '../../../components/requests/list-params.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The signed-in account's own queue: the request list filtered to its assignments (decision 0002 §17). */
export const getMyQueue = (query: string) => apiRequest<AdminRequestList>('GET', `/api/admin/repair-requests?${query}`);

export function useMyQueue(accountId: number | undefined, params: ListParams) {
  const query = listQueryString(params, { assignedToId: String(accountId) });
  return useQuery({
    queryKey: ['admin', 'repair-requests', 'queue', query],
    queryFn: () => getMyQueue(query),
    enabled: accountId !== undefined,
    placeholderData: keepPreviousData,
  });
}
