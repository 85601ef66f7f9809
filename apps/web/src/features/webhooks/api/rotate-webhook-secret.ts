// POST /api/admin/webhooks/:id/secret: a new signing secret, shown once; the old one stops signing.
import type { WebhookEndpointWithSecret } from '@acende/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookQueries } from './query-keys.ts';

export const rotateWebhookSecret = (id: number) =>
  apiRequest<WebhookEndpointWithSecret>('POST', `/api/admin/webhooks/${id}/secret`);

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookQueries.endpoints().queryKey }),
  });
}
