import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { COMPANIES_KEY } from './get-energy-companies.ts';

export const deleteEnergyCompany = (id: number) => apiRequest<void>('DELETE', `/api/admin/energy-companies/${id}`);

export function useDeleteEnergyCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEnergyCompany,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
      void queryClient.invalidateQueries({ queryKey: ['energy-companies'] });
    },
  });
}
