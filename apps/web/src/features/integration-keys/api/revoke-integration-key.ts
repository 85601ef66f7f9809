// POST /api/admin/integration-keys/:id/revoke.
import type { IntegrationKey } from '@acende/shared/schemas/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { integrationKeyQueries } from './query-keys.ts';

export const revokeIntegrationKey = (id: number) =>
  apiRequest<IntegrationKey>('POST', `/api/admin/integration-keys/${id}/revoke`);

export function useRevokeIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeIntegrationKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationKeyQueries.list().queryKey }),
  });
}
