// The Open311 clients' keys, active first (never the keys).
import { useQuery } from '@tanstack/react-query';
import { open311KeyQueries } from './query-keys.ts';

export function useOpen311Keys() {
  return useQuery(open311KeyQueries.list());
}
