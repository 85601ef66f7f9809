// The signed-in account's second factor (decision 0026): its status, enrolment (start and
// confirm, which answers the recovery codes once) and turning it off. Each change also
// refreshes the profile, which says whether the setup is still required.
import type {
  ConfirmTwoFactor,
  DisableTwoFactor,
  RecoveryCodes,
  TwoFactorSetup,
} from '@acende/shared/schemas/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSessionQueries } from '../../../lib/query-keys/admin-session.ts';
import { twoFactorQueries } from './query-keys.ts';

export const startTwoFactorSetup = () => apiRequest<TwoFactorSetup>('POST', '/api/admin/two-factor/setup', {});
export const confirmTwoFactor = (input: ConfirmTwoFactor) =>
  apiRequest<RecoveryCodes>('POST', '/api/admin/two-factor/confirm', input);
export const disableTwoFactor = (input: DisableTwoFactor) =>
  apiRequest<void>('POST', '/api/admin/two-factor/disable', input);

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueries.status());
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: twoFactorQueries.status().queryKey });
    void queryClient.invalidateQueries({ queryKey: adminSessionQueries.profile().queryKey });
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
