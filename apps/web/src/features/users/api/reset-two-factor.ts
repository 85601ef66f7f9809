// POST /api/admin/users/:id/two-factor/reset: an admin removes another account's second factor.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

export const resetTwoFactor = (id: number) => apiRequest<void>('POST', `/api/admin/users/${id}/two-factor/reset`, {});

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
