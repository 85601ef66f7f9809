// GET /api/admin/reports/area: one row per area, paged, with the summary.
import type { AreaReport } from '@acende/shared/schemas/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ReportParams, reportQueryString } from '../lib/report-params.ts';

export const fetchAreaReport = (params: ReportParams) =>
  apiRequest<AreaReport>('GET', `/api/admin/reports/area?${reportQueryString(params)}`);

export function useAreaReport(params: ReportParams) {
  return useQuery({
    queryKey: ['reports', 'area', params],
    queryFn: () => fetchAreaReport(params),
    placeholderData: keepPreviousData,
  });
}

/** The first page of areas, for the chart of the top areas (independent of the table's page). */
export function useTopAreas(params: ReportParams) {
  const top = { ...params, page: 1, pageSize: 10 };
  return useQuery({ queryKey: ['reports', 'area', top], queryFn: () => fetchAreaReport(top) });
}
