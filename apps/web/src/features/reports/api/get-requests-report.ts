// GET /api/admin/reports/requests: summary and one page of rows.
import type { RequestsReport } from '@acende/shared/schemas/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ReportParams, reportQueryString } from '../lib/report-params.ts';

export const fetchRequestsReport = (params: ReportParams) =>
  apiRequest<RequestsReport>('GET', `/api/admin/reports/requests?${reportQueryString(params)}`);

export function useRequestsReport(params: ReportParams) {
  return useQuery({
    queryKey: ['reports', 'requests', params],
    queryFn: () => fetchRequestsReport(params),
    placeholderData: keepPreviousData,
  });
}
