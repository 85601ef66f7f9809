import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { energyCompanyQueries } from '../../../lib/query-keys/energy-companies.ts';

export const deleteEnergyCompany = (id: number) => apiRequest<void>('DELETE', `/api/admin/energy-companies/${id}`);

export function useDeleteEnergyCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEnergyCompany,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: energyCompanyQueries.admin().queryKey });
      void queryClient.invalidateQueries({ queryKey: energyCompanyQueries.public().queryKey });
    },
  });
}
