// GET /api/admin/webhooks (the endpoints, never their secrets) and
// GET /api/admin/webhooks/deliveries (a page of 50, by state and endpoint).
import type { WebhookDeliveryPage, WebhookDeliveryState, WebhookEndpoint } from '@acende/shared/schemas/webhooks';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface DeliveryFilter {
  state: WebhookDeliveryState;
  endpointId: number | null;
  page: number;
}

/** The deliveries' query string: the state always, the endpoint when one is chosen, the page after the first. */
export function deliverySearch({ state, endpointId, page }: DeliveryFilter): string {
  const search = new URLSearchParams({ state });
  if (endpointId !== null) search.set('endpointId', String(endpointId));
  if (page > 1) search.set('page', String(page));
  return search.toString();
}

export const webhookQueries = {
  all: () => ['admin', 'webhooks'] as const,
  endpoints: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'endpoints'] as const,
      queryFn: () => apiRequest<WebhookEndpoint[]>('GET', '/api/admin/webhooks'),
    }),
  deliveries: (filter: DeliveryFilter) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'deliveries', filter] as const,
      queryFn: () => apiRequest<WebhookDeliveryPage>('GET', `/api/admin/webhooks/deliveries?${deliverySearch(filter)}`),
    }),
};
