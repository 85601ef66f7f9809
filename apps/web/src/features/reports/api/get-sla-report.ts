// One row per energy company and problem type, paged, with the summary.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportParams } from '../lib/report-params.ts';
import { reportQueries } from './query-keys.ts';

export function useSlaReport(params: ReportParams) {
  return useQuery({ ...reportQueries.sla(params), placeholderData: keepPreviousData });
}
