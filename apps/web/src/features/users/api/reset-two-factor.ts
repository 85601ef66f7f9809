// POST /api/admin/users/:id/two-factor/reset: an admin removes another account's second factor.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueries } from './query-keys.ts';

export const resetTwoFactor = (id: number) => apiRequest<void>('POST', `/api/admin/users/${id}/two-factor/reset`, {});

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
