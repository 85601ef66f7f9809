// GET and PUT /api/admin/retention-settings (decision 0027).
import type { RetentionSettings, RetentionSettingsInput } from '@acende/shared/schemas/retention';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const RETENTION_SETTINGS_QUERY_KEY = ['admin', 'retention-settings'] as const;

export const fetchRetentionSettings = () => apiRequest<RetentionSettings>('GET', '/api/admin/retention-settings');
export const saveRetentionSettings = (input: RetentionSettingsInput) =>
  apiRequest<RetentionSettings>('PUT', '/api/admin/retention-settings', input);

export function useRetentionSettings() {
  return useQuery({ queryKey: RETENTION_SETTINGS_QUERY_KEY, queryFn: fetchRetentionSettings });
}

export function useSaveRetentionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRetentionSettings,
    onSuccess: (saved) => queryClient.setQueryData(RETENTION_SETTINGS_QUERY_KEY, saved),
  });
}
