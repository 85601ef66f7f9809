import type { AdminEnergyCompany, EnergyCompanyInput } from '@acende/shared/schemas/energy-companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_COMPANIES_KEY } from '../../../lib/admin-energy-companies.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { PUBLIC_COMPANIES_KEY } from '../../../lib/public-energy-companies.ts';

/** Creates (no id) or updates a company. */
export const saveEnergyCompany = (input: EnergyCompanyInput & { id?: number }) => {
  const { id, ...body } = input;
  return id
    ? apiRequest<AdminEnergyCompany>('PUT', `/api/admin/energy-companies/${id}`, body)
    : apiRequest<AdminEnergyCompany>('POST', '/api/admin/energy-companies', body);
};

export function useSaveEnergyCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEnergyCompany,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_COMPANIES_KEY });
      // The public wizard's list, if this tab has it cached.
      void queryClient.invalidateQueries({ queryKey: PUBLIC_COMPANIES_KEY });
    },
  });
}
