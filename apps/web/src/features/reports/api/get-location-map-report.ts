// The summary and up to MAP_POINT_LIMIT points.
import { useQuery } from '@tanstack/react-query';
import type { ReportParams } from '../lib/report-params.ts';
import { reportQueries } from './query-keys.ts';

export function useLocationMapReport(params: ReportParams) {
  return useQuery(reportQueries.locationMap(params));
}
