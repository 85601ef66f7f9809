// POST /api/admin/work-orders/:id/cancel: its requests may go into another work order.
import type { WorkOrder } from '@acende/shared/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { workOrderQueries } from '../../../lib/query-keys/work-orders.ts';

export const cancelWorkOrder = (id: number) => apiRequest<WorkOrder>('POST', `/api/admin/work-orders/${id}/cancel`);

export function useCancelWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWorkOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(workOrderQueries.detail(order.id).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: workOrderQueries.all() });
    },
  });
}
