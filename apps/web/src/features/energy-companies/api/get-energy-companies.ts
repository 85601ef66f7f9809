import type { AdminEnergyCompany } from '@acende/shared/schemas/energy-companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const COMPANIES_KEY = ['admin', 'energy-companies'] as const;

export const getEnergyCompanies = () => apiRequest<AdminEnergyCompany[]>('GET', '/api/admin/energy-companies');

export function useEnergyCompanies() {
  return useQuery({ queryKey: [...COMPANIES_KEY, 'registry'], queryFn: getEnergyCompanies });
}
