// GET and PUT /api/admin/retention-settings (decision 0027).
import type { RetentionSettings, RetentionSettingsInput } from '@acende/shared/schemas/retention';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { retentionSettingsQueries } from './query-keys.ts';

export const saveRetentionSettings = (input: RetentionSettingsInput) =>
  apiRequest<RetentionSettings>('PUT', '/api/admin/retention-settings', input);

export function useRetentionSettings() {
  return useQuery(retentionSettingsQueries.settings());
}

export function useSaveRetentionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRetentionSettings,
    onSuccess: (saved) => queryClient.setQueryData(retentionSettingsQueries.settings().queryKey, saved),
  });
}
