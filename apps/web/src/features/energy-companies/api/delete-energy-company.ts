import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_COMPANIES_KEY } from '../../../lib/admin-energy-companies.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { PUBLIC_COMPANIES_KEY } from '../../../lib/public-energy-companies.ts';

export const deleteEnergyCompany = (id: number) => apiRequest<void>('DELETE', `/api/admin/energy-companies/${id}`);

export function useDeleteEnergyCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEnergyCompany,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_COMPANIES_KEY });
      void queryClient.invalidateQueries({ queryKey: PUBLIC_COMPANIES_KEY });
    },
  });
}
