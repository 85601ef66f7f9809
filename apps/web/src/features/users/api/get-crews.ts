// GET /api/admin/crews for a crew account's picker (decision 0068): every crew the admin
// sees, active or not (the picker offers the active ones and keeps the account's own).
import { useQuery } from '@tanstack/react-query';
import { workOrderQueries } from '../../../lib/query-keys/work-orders.ts';

export function useCrewChoices() {
  return useQuery(workOrderQueries.crews());
}
