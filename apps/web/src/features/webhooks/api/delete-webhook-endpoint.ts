// DELETE /api/admin/webhooks/:id (204).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookQueries } from './query-keys.ts';

export const deleteWebhookEndpoint = (id: number) => apiRequest<void>('DELETE', `/api/admin/webhooks/${id}`);

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookQueries.all() }),
  });
}
