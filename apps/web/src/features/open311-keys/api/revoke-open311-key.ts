// POST /api/admin/open311-keys/:id/revoke.
import type { Open311Key } from '@acende/shared/schemas/open311';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { open311KeyQueries } from './query-keys.ts';

export const revokeOpen311Key = (id: number) => apiRequest<Open311Key>('POST', `/api/admin/open311-keys/${id}/revoke`);

export function useRevokeOpen311Key() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOpen311Key,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: open311KeyQueries.list().queryKey }),
  });
}
