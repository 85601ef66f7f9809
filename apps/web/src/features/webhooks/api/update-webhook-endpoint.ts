// PATCH /api/admin/webhooks/:id: the address, the events, the description, or on/off.
import type { WebhookEndpoint, WebhookEndpointPatch } from '@acende/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookQueries } from './query-keys.ts';

export const updateWebhookEndpoint = ({ id, ...patch }: WebhookEndpointPatch & { id: number }) =>
  apiRequest<WebhookEndpoint>('PATCH', `/api/admin/webhooks/${id}`, patch);

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookQueries.all() }),
  });
}
