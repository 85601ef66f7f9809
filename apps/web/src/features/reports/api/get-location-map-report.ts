// GET /api/admin/reports/location-map: the summary and up to MAP_POINT_LIMIT points.
import { type LocationMapReport, MAP_POINT_LIMIT } from '@acende/shared/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ReportParams, reportQueryString } from '../lib/report-params.ts';

export const fetchLocationMapReport = (params: ReportParams) =>
  apiRequest<LocationMapReport>(
    'GET',
    `/api/admin/reports/location-map?${reportQueryString({ ...params, page: 1, pageSize: MAP_POINT_LIMIT })}`,
  );

export function useLocationMapReport(params: ReportParams) {
  return useQuery({
    queryKey: ['reports', 'location-map', reportQueryString(params, false)],
    queryFn: () => fetchLocationMapReport(params),
  });
}
