// GET /api/admin/reports/sla: one row per energy company and problem type, paged, with the summary.
import type { SlaReport } from '@acende/shared/schemas/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ReportParams, reportQueryString } from '../lib/report-params.ts';

export const fetchSlaReport = (params: ReportParams) =>
  apiRequest<SlaReport>('GET', `/api/admin/reports/sla?${reportQueryString(params)}`);

export function useSlaReport(params: ReportParams) {
  return useQuery({
    queryKey: ['reports', 'sla', params],
    queryFn: () => fetchSlaReport(params),
    placeholderData: keepPreviousData,
  });
}
