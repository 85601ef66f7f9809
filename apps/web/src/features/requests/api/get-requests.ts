import type { AdminRequestList } from '@acende/shared/schemas/admin-requests';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryString } from '../../../components/requests/list-params.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const getRequests = (query: string) =>
  apiRequest<AdminRequestList>('GET', `/api/admin/repair-requests?${query}`);

export function useRequests(params: ListParams) {
  const query = listQueryString(params);
  return useQuery({
    queryKey: ['admin', 'repair-requests', 'list', query],
    queryFn: () => getRequests(query),
    placeholderData: keepPreviousData,
  });
}
