import type { EmailSettingsResponse } from '@acende/shared/schemas/email';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const emailSettingsKey = ['admin', 'email-settings'] as const;

export const getEmailSettings = () => apiRequest<EmailSettingsResponse>('GET', '/api/admin/email-settings');

export function useEmailSettings() {
  return useQuery({ queryKey: emailSettingsKey, queryFn: getEmailSettings });
}
