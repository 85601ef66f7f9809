import type { AdminEnergyCompany } from '@acende/shared/schemas/energy-companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every company, active or not, to link accounts to (admin only). */
export const getCompaniesForUsers = () => apiRequest<AdminEnergyCompany[]>('GET', '/api/admin/energy-companies');

export function useCompaniesForUsers() {
  return useQuery({ queryKey: ['admin', 'energy-companies', 'all'], queryFn: getCompaniesForUsers });
}
