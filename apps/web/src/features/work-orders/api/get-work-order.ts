// GET /api/admin/work-orders/:id: a work order with its stops in route order.
import { useQuery } from '@tanstack/react-query';
import { workOrderQueries } from '../../../lib/query-keys/work-orders.ts';

export function useWorkOrder(id: number) {
  return useQuery(workOrderQueries.detail(id));
}
