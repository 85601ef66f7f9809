// GET /api/admin/work-orders/board?day=&companyId=: each crew's progress on one day.
import type { DispatchBoard } from '@acende/shared/schemas/work-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { officeKeys } from './query-keys.ts';

export const dispatchBoardQuery = (day: string, companyId: string) =>
  queryOptions({
    queryKey: officeKeys.board(day, companyId),
    queryFn: () => {
      const params = new URLSearchParams({ day });
      if (companyId) params.set('companyId', companyId);
      return apiRequest<DispatchBoard>('GET', `/api/admin/work-orders/board?${params.toString()}`);
    },
  });

/** The board of `day`; refreshed every minute while open, as the crews' outcomes come in. */
export function useDispatchBoard(day: string, companyId: string) {
  return useQuery({
    ...dispatchBoardQuery(day, companyId),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
    refetchInterval: 60_000,
  });
}
