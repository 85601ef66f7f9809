import { useQuery } from '@tanstack/react-query';
import { requestQueries } from './query-keys.ts';

export function useRequest(id: number) {
  return useQuery({ ...requestQueries.detail(id), enabled: Number.isInteger(id) && id > 0 });
}
