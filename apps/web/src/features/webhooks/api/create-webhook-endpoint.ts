// POST /api/admin/webhooks: the answer holds the signing secret, shown once.
import type { WebhookEndpointValues, WebhookEndpointWithSecret } from '@acende/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookQueries } from './query-keys.ts';

export const createWebhookEndpoint = (input: WebhookEndpointValues) =>
  apiRequest<WebhookEndpointWithSecret>('POST', '/api/admin/webhooks', input);

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookQueries.all() }),
  });
}
