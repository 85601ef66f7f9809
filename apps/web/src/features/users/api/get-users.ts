import { useQuery } from '@tanstack/react-query';
import { userQueries } from './query-keys.ts';

export function useUsers(page: number, pageSize: number) {
  return useQuery(userQueries.list(page, pageSize));
}

export function useUser(id: number | undefined) {
  return useQuery({ ...userQueries.detail(id), enabled: id !== undefined });
}
