import type { AdminProfile, LoginInput, SignInLinkSent, SignInWithLink } from '@acende/shared/schemas/auth';
import type { TwoFactorSignIn } from '@acende/shared/schemas/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSessionQueries } from '../../../lib/query-keys/admin-session.ts';

/**
 * The password step's answer: the profile, or (202) a request for the second factor, or
 * (202, past the account's budget of password checks, decision 0042) word of an e-mailed link.
 */
export type LoginResult = AdminProfile | { twoFactorRequired: true } | SignInLinkSent;

export const needsSecondFactor = (result: LoginResult | undefined): result is { twoFactorRequired: true } =>
  result !== undefined && 'twoFactorRequired' in result;

export const signInLinkSent = (result: LoginResult | undefined): result is SignInLinkSent =>
  result !== undefined && 'signInLinkSent' in result;

const isProfile = (result: LoginResult): result is AdminProfile => 'id' in result;

export const login = (input: LoginInput) => apiRequest<LoginResult>('POST', '/api/admin/login', input);

/** Signs in; the answer is the profile, cached so the shell opens without another call. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (isProfile(result)) queryClient.setQueryData(adminSessionQueries.profile().queryKey, result);
    },
  });
}

export const loginWithLink = (input: SignInWithLink) =>
  apiRequest<AdminProfile | { twoFactorRequired: true }>('POST', '/api/admin/login/link', input);

/** Signs in with the e-mailed one-time link: the profile, or (202) the second factor still to come. */
export function useLoginWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithLink,
    onSuccess: (result) => {
      if (isProfile(result)) queryClient.setQueryData(adminSessionQueries.profile().queryKey, result);
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
    onSuccess: (profile) => queryClient.setQueryData(adminSessionQueries.profile().queryKey, profile),
  });
}
