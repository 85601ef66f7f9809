// The reports' queries (GET /api/admin/reports/*): the advanced filters' options and one
// query per report, keyed by its filters and page.
import {
  type AreaReport,
  type LocationMapReport,
  MAP_POINT_LIMIT,
  type RatingsReport,
  type ReportOptions,
  type RequestsReport,
  type SlaReport,
} from '@acende/shared/schemas/reports';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ReportParams, reportQueryString } from '../lib/report-params.ts';

const fetchReport = <T>(kind: string, params: ReportParams) =>
  apiRequest<T>('GET', `/api/admin/reports/${kind}?${reportQueryString(params)}`);

export const reportQueries = {
  all: () => ['reports'] as const,
  /** Companies, users and areas for the advanced filters. */
  options: () =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'options'] as const,
      queryFn: () => apiRequest<ReportOptions>('GET', '/api/admin/reports/options'),
    }),
  /** Summary and one page of rows. */
  requests: (params: ReportParams) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'requests', params] as const,
      queryFn: () => fetchReport<RequestsReport>('requests', params),
    }),
  /** One row per energy company and problem type, paged, with the summary. */
  sla: (params: ReportParams) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'sla', params] as const,
      queryFn: () => fetchReport<SlaReport>('sla', params),
    }),
  /** Citizens' ratings: one row per energy company, paged, with the summary. */
  ratings: (params: ReportParams) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'ratings', params] as const,
      queryFn: () => fetchReport<RatingsReport>('ratings', params),
    }),
  /** One row per area, paged, with the summary. */
  area: (params: ReportParams) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'area', params] as const,
      queryFn: () => fetchReport<AreaReport>('area', params),
    }),
  /** The summary and up to MAP_POINT_LIMIT points, whatever the table's page. */
  locationMap: (params: ReportParams) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'location-map', reportQueryString(params, false)] as const,
      queryFn: () => fetchReport<LocationMapReport>('location-map', { ...params, page: 1, pageSize: MAP_POINT_LIMIT }),
    }),
};
