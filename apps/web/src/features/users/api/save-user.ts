import type { CreateUser, UpdateUser, User } from '@acende/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSessionQueries } from '../../../lib/query-keys/admin-session.ts';
import { userQueries } from './query-keys.ts';

export const createUser = (input: CreateUser) => apiRequest<User>('POST', '/api/admin/users', input);
export const updateUser = (id: number, input: UpdateUser) => apiRequest<User>('PUT', `/api/admin/users/${id}`, input);

/** Creates (no id) or updates a user; the list and, if it was the caller, the profile are reloaded. */
export function useSaveUser(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUser | UpdateUser) =>
      id === undefined ? createUser(input as CreateUser) : updateUser(id, input as UpdateUser),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueries.all() });
      await queryClient.invalidateQueries({ queryKey: adminSessionQueries.profile().queryKey });
    },
  });
}
