import type { PublicEnergyCompany } from '@acende/shared/schemas/energy-companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const fetchEnergyCompanies = () => apiRequest<PublicEnergyCompany[]>('GET', '/api/energy-companies');

export function useEnergyCompanies() {
  return useQuery({ queryKey: ['energy-companies'], queryFn: fetchEnergyCompanies });
}
