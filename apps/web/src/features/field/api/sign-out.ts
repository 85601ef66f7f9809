// Signing the crew out (the accounts' own sign-out, POST /api/admin/logout): the session
// ends, the profile cache forgets it, and the phone keeps nothing of the crew's day.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSessionQueries } from '../../../lib/query-keys/admin-session.ts';
import type { FieldStore } from '../lib/field-store.ts';
import { fieldKeys } from './query-keys.ts';

export function useSignOut(store: FieldStore) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest<void>('POST', '/api/admin/logout');
      await store.clear();
    },
    onSuccess: () => {
      queryClient.setQueryData(adminSessionQueries.profile().queryKey, null);
      queryClient.removeQueries({ queryKey: fieldKeys.all() });
    },
  });
}
