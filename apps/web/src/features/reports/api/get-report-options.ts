// Companies, users and areas for the advanced filters.
import { useQuery } from '@tanstack/react-query';
import { reportQueries } from './query-keys.ts';

export function useReportOptions() {
  return useQuery(reportQueries.options());
}
