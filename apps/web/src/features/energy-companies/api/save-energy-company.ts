import type { AdminEnergyCompany, EnergyCompanyInput } from '@acende/shared/schemas/energy-companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { energyCompanyQueries } from '../../../lib/query-keys/energy-companies.ts';

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
      void queryClient.invalidateQueries({ queryKey: energyCompanyQueries.admin().queryKey });
      // The public wizard's list, if this tab has it cached.
      void queryClient.invalidateQueries({ queryKey: energyCompanyQueries.public().queryKey });
    },
  });
}
