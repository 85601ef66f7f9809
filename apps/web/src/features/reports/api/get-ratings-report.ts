// Citizens' ratings (decision 0050): one row per energy company, paged, with the summary.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportParams } from '../lib/report-params.ts';
import { reportQueries } from './query-keys.ts';

export function useRatingsReport(params: ReportParams) {
  return useQuery({ ...reportQueries.ratings(params), placeholderData: keepPreviousData });
}
