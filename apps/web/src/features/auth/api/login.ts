import type { AdminProfile, LoginInput } from '@acende/shared/schemas/auth';
import type { TwoFactorSignIn } from '@acende/shared/schemas/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_QUERY_KEY } from '../../../lib/admin-session.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The password step's answer: the profile, or (202) a request for the second factor. */
export type LoginResult = AdminProfile | { twoFactorRequired: true };

export const needsSecondFactor = (result: LoginResult | undefined): result is { twoFactorRequired: true } =>
  result !== undefined && 'twoFactorRequired' in result;

export const login = (input: LoginInput) => apiRequest<LoginResult>('POST', '/api/admin/login', input);

/** Signs in; the answer is the profile, cached so the shell opens without another call. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (!needsSecondFactor(result)) queryClient.setQueryData(PROFILE_QUERY_KEY, result);
    },
  });
}

export const loginTwoFactor = (input: TwoFactorSignIn) =>
  apiRequest<AdminProfile>('POST', '/api/admin/login/two-factor', input);

/** The sign-in's second step (decision 0026): a code or a recovery code; answers the profile. */
export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginTwoFactor,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
