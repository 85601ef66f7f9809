// The office's reads of the field work (issue 37): the dispatch board and the crew report, under
// the work orders' keys so a new or cancelled work order refreshes them too.
import { workOrderQueries } from '../../../lib/query-keys/work-orders.ts';

export const officeKeys = {
  board: (day: string, companyId: string) => [...workOrderQueries.all(), 'board', day, companyId] as const,
  report: (params: unknown, page: number) => [...workOrderQueries.all(), 'report', params, page] as const,
};
