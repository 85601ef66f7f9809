// POST /api/admin/work-orders: a crew's day from chosen requests or from a map area (decision
// 0067); the answer is the work order with its stops in route order. The day's lists refresh.
import type { WorkOrder, WorkOrderInput } from '@acende/shared/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { workOrderQueries } from '../../lib/query-keys/work-orders.ts';

export const createWorkOrder = (input: WorkOrderInput) =>
  apiRequest<WorkOrder>('POST', '/api/admin/work-orders', input);

export function useCreateWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(workOrderQueries.detail(order.id).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: workOrderQueries.all() });
    },
  });
}
