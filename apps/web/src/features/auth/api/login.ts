import type { AdminProfile, LoginInput } from '@acende/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_QUERY_KEY } from '../../../lib/admin-session.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const login = (input: LoginInput) => apiRequest<AdminProfile>('POST', '/api/admin/login', input);

/** Signs in; the answer is the profile, cached so the shell opens without another call. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
