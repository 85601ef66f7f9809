// GET /api/admin/crews: the crews of the companies the account may see, active or not.
import { useQuery } from '@tanstack/react-query';
import { workOrderQueries } from '../../../lib/query-keys/work-orders.ts';

export function useCrews() {
  return useQuery(workOrderQueries.crews());
}
