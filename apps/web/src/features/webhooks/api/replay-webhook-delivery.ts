// POST /api/admin/webhooks/deliveries/:id/replay: the delivery is tried again, as soon as it can be.
import type { WebhookDelivery } from '@acende/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookQueries } from './query-keys.ts';

export const replayWebhookDelivery = (id: number) =>
  apiRequest<WebhookDelivery>('POST', `/api/admin/webhooks/deliveries/${id}/replay`);

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookQueries.all() }),
  });
}
