// The energy companies, as two queries: the active ones a citizen picks from in the wizard
// (GET /api/energy-companies) and every one, active or not, for admin screens
// (GET /api/admin/energy-companies). The registry screen refreshes both after a change.
import type { AdminEnergyCompany, PublicEnergyCompany } from '@acende/shared/schemas/energy-companies';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const energyCompanyQueries = {
  public: () =>
    queryOptions({
      queryKey: ['energy-companies'] as const,
      queryFn: () => apiRequest<PublicEnergyCompany[]>('GET', '/api/energy-companies'),
    }),
  admin: () =>
    queryOptions({
      queryKey: ['admin', 'energy-companies'] as const,
      queryFn: () => apiRequest<AdminEnergyCompany[]>('GET', '/api/admin/energy-companies'),
    }),
};
