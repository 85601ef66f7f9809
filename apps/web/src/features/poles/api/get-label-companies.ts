// The companies whose poles the signed-in account may print (poleQueries.labelCompanies).
import { useQuery } from '@tanstack/react-query';
import { poleQueries } from './query-keys.ts';

export function useLabelCompanies() {
  return useQuery(poleQueries.labelCompanies());
}
