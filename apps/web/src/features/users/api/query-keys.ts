// The accounts' queries: a page of the list and one account, for its form. A save or a
// second-factor reset refreshes everything under `all`.
import type { User, UserList } from '@acende/shared/schemas/users';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const userQueries = {
  all: () => ['admin', 'users'] as const,
  /** GET /api/admin/users. */
  list: (page: number, pageSize: number) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'list', page, pageSize] as const,
      queryFn: () => apiRequest<UserList>('GET', `/api/admin/users?page=${page}&pageSize=${pageSize}`),
    }),
  /** GET /api/admin/users/:id. */
  detail: (id: number | undefined) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'one', id] as const,
      queryFn: () => apiRequest<User>('GET', `/api/admin/users/${id}`),
    }),
};
