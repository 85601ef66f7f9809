// The signed-in account's second factor (decision 0026): its status, enrolment (start and
// confirm, which answers the recovery codes once) and turning it off. Each change also
// refreshes the profile, which says whether the setup is still required.
import type {
  ConfirmTwoFactor,
  DisableTwoFactor,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@acende/shared/schemas/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROFILE_QUERY_KEY } from '../../../lib/admin-session.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const TWO_FACTOR_QUERY_KEY = ['admin', 'two-factor'] as const;

export const getTwoFactorStatus = () => apiRequest<TwoFactorStatus>('GET', '/api/admin/two-factor');
export const startTwoFactorSetup = () => apiRequest<TwoFactorSetup>('POST', '/api/admin/two-factor/setup', {});
export const confirmTwoFactor = (input: ConfirmTwoFactor) =>
  apiRequest<RecoveryCodes>('POST', '/api/admin/two-factor/confirm', input);
export const disableTwoFactor = (input: DisableTwoFactor) =>
  apiRequest<void>('POST', '/api/admin/two-factor/disable', input);

export function useTwoFactorStatus() {
  return useQuery({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: getTwoFactorStatus });
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
  };
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: confirmTwoFactor, onSuccess: refresh });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh });
}
