import type { User, UserList } from '@acende/shared/schemas/users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const USERS_QUERY_KEY = ['admin', 'users'] as const;

export const getUsers = (page: number, pageSize: number) =>
  apiRequest<UserList>('GET', `/api/admin/users?page=${page}&pageSize=${pageSize}`);

export function useUsers(page: number, pageSize: number) {
  return useQuery({ queryKey: [...USERS_QUERY_KEY, 'list', page, pageSize], queryFn: () => getUsers(page, pageSize) });
}

export const getUser = (id: number) => apiRequest<User>('GET', `/api/admin/users/${id}`);

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, 'one', id],
    queryFn: () => getUser(id as number),
    enabled: id !== undefined,
  });
}
