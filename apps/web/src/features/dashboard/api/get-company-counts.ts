import type { CompanyRequestCounts } from '@acende/shared/schemas/admin-requests';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getCompanyCounts = () =>
  apiRequest<CompanyRequestCounts>('GET', '/api/admin/repair-requests/counts/company');

export function useCompanyCounts() {
  return useQuery({ queryKey: ['admin', 'repair-requests', 'counts', 'company'], queryFn: getCompanyCounts });
}
