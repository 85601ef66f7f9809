// Summary and one page of rows.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportParams } from '../lib/report-params.ts';
import { reportQueries } from './query-keys.ts';

export function useRequestsReport(params: ReportParams) {
  return useQuery({ ...reportQueries.requests(params), placeholderData: keepPreviousData });
}
