// The webhook endpoints of every company, with their waiting and given-up deliveries.
import { useQuery } from '@tanstack/react-query';
import { webhookQueries } from './query-keys.ts';

export function useWebhookEndpoints() {
  return useQuery(webhookQueries.endpoints());
}
