import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getRequest = (id: number) => apiRequest<AdminRequestDetail>('GET', `/api/admin/repair-requests/${id}`);

export const requestQueryKey = (id: number) => ['admin', 'repair-requests', 'detail', id] as const;

export function useRequest(id: number) {
  return useQuery({
    queryKey: requestQueryKey(id),
    queryFn: () => getRequest(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
