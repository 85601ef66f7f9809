// GET and PUT /api/admin/security-settings: whether two-factor sign-in is required for admins.
import type { SecuritySettings } from '@acende/shared/schemas/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const SECURITY_SETTINGS_QUERY_KEY = ['admin', 'security-settings'] as const;

export const getSecuritySettings = () => apiRequest<SecuritySettings>('GET', '/api/admin/security-settings');
export const saveSecuritySettings = (input: SecuritySettings) =>
  apiRequest<SecuritySettings>('PUT', '/api/admin/security-settings', input);

export function useSecuritySettings() {
  return useQuery({ queryKey: SECURITY_SETTINGS_QUERY_KEY, queryFn: getSecuritySettings });
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecuritySettings,
    onSuccess: (saved) => queryClient.setQueryData(SECURITY_SETTINGS_QUERY_KEY, saved),
  });
}
