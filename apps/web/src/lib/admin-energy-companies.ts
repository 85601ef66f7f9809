// GET /api/admin/energy-companies: every company, active or not, as the registry screen
// lists it and the account form links accounts to it. One key for both, so a saved or
// deleted company refreshes each. Admin only: imported by admin code, never the public bundle.
import type { AdminEnergyCompany } from '@acende/shared/schemas/energy-companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export const ADMIN_COMPANIES_KEY = ['admin', 'energy-companies'] as const;

export const getAdminEnergyCompanies = () => apiRequest<AdminEnergyCompany[]>('GET', '/api/admin/energy-companies');

export function useAdminEnergyCompanies() {
  return useQuery({ queryKey: ADMIN_COMPANIES_KEY, queryFn: getAdminEnergyCompanies });
}
