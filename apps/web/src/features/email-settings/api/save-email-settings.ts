import type { EmailSettingsInput, EmailSettingsResponse } from '@acende/shared/schemas/email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailSettingsQueries } from './query-keys.ts';

export const saveEmailSettings = (input: EmailSettingsInput) =>
  apiRequest<EmailSettingsResponse>('POST', '/api/admin/email-settings', input);

export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailSettings,
    onSuccess: (saved) => queryClient.setQueryData(emailSettingsQueries.settings().queryKey, saved),
  });
}
