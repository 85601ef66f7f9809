// One page of deliveries in a state (dead letters first), kept on screen while the next loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DeliveryFilter, webhookQueries } from './query-keys.ts';

export function useWebhookDeliveries(filter: DeliveryFilter) {
  return useQuery({ ...webhookQueries.deliveries(filter), placeholderData: keepPreviousData });
}
