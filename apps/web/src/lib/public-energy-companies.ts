// GET /api/energy-companies: the active companies a citizen picks from in the wizard.
// The registry screen invalidates this key after a change, so a tab that has both agrees.
import type { PublicEnergyCompany } from '@acende/shared/schemas/energy-companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export const PUBLIC_COMPANIES_KEY = ['energy-companies'] as const;

export const fetchPublicEnergyCompanies = () => apiRequest<PublicEnergyCompany[]>('GET', '/api/energy-companies');

export function usePublicEnergyCompanies() {
  return useQuery({ queryKey: PUBLIC_COMPANIES_KEY, queryFn: fetchPublicEnergyCompanies });
}
