import { useQuery } from '@tanstack/react-query';
import { dashboardQueries } from './query-keys.ts';

export function useCompanyCounts() {
  return useQuery(dashboardQueries.companyCounts());
}
