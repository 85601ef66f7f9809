import type { RequestCounts } from '@acende/shared/schemas/admin-requests';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getCounts = () => apiRequest<RequestCounts>('GET', '/api/admin/repair-requests/counts');

export function useCounts() {
  return useQuery({ queryKey: ['admin', 'repair-requests', 'counts'], queryFn: getCounts });
}
