// Crews and work orders (decision 0067), read by the dispatch screens and by the work order
// form the request list opens too: one set of keys, so a new work order refreshes both.
import type { Crew, WorkOrder, WorkOrderSummary } from '@acende/shared/schemas/work-orders';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const workOrderQueries = {
  /** Every crew the account may see, active or not (the form keeps the active ones). */
  crews: () =>
    queryOptions({
      queryKey: ['admin', 'crews'] as const,
      queryFn: () => apiRequest<Crew[]>('GET', '/api/admin/crews'),
    }),
  all: () => ['admin', 'work-orders'] as const,
  day: (day: string) =>
    queryOptions({
      queryKey: ['admin', 'work-orders', 'day', day] as const,
      queryFn: () =>
        apiRequest<WorkOrderSummary[]>('GET', `/api/admin/work-orders?${new URLSearchParams({ day }).toString()}`),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['admin', 'work-orders', 'detail', id] as const,
      queryFn: () => apiRequest<WorkOrder>('GET', `/api/admin/work-orders/${id}`),
    }),
};
