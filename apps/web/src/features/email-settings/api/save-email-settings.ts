import type { EmailSettingsInput, EmailSettingsResponse } from '@acende/shared/schemas/email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailSettingsKey } from './get-email-settings.ts';

export const saveEmailSettings = (input: EmailSettingsInput) =>
  apiRequest<EmailSettingsResponse>('POST', '/api/admin/email-settings', input);

export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailSettings,
    onSuccess: (saved) => queryClient.setQueryData(emailSettingsKey, saved),
  });
}
