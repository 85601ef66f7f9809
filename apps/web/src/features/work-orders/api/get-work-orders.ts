// GET /api/admin/work-orders?day=: the work orders of one day, their stops counted.
import { useQuery } from '@tanstack/react-query';
import { workOrderQueries } from '../../../lib/query-keys/work-orders.ts';

export function useDayWorkOrders(day: string) {
  return useQuery({ ...workOrderQueries.day(day), enabled: /^\d{4}-\d{2}-\d{2}$/.test(day) });
}
