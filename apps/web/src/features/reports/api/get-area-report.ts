// One row per area, paged, with the summary.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportParams } from '../lib/report-params.ts';
import { reportQueries } from './query-keys.ts';

export function useAreaReport(params: ReportParams) {
  return useQuery({ ...reportQueries.area(params), placeholderData: keepPreviousData });
}

/** The first page of areas, for the chart of the top areas (independent of the table's page). */
export function useTopAreas(params: ReportParams) {
  return useQuery(reportQueries.area({ ...params, page: 1, pageSize: 10 }));
}
