// GET and PUT /api/admin/security-settings: whether two-factor sign-in is required for admins.
import type { SecuritySettings } from '@acende/shared/schemas/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { twoFactorQueries } from './query-keys.ts';

export const saveSecuritySettings = (input: SecuritySettings) =>
  apiRequest<SecuritySettings>('PUT', '/api/admin/security-settings', input);

export function useSecuritySettings() {
  return useQuery(twoFactorQueries.securitySettings());
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecuritySettings,
    onSuccess: (saved) => queryClient.setQueryData(twoFactorQueries.securitySettings().queryKey, saved),
  });
}
