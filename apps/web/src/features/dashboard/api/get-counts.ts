import { useQuery } from '@tanstack/react-query';
import { dashboardQueries } from './query-keys.ts';

export function useCounts() {
  return useQuery(dashboardQueries.counts());
}
