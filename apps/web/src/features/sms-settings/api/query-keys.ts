// GET /api/admin/sms-settings (issue 36).
import type { SmsSettingsResponse } from '@acende/shared/schemas/sms';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const smsSettingsQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['admin', 'sms-settings'] as const,
      queryFn: () => apiRequest<SmsSettingsResponse>('GET', '/api/admin/sms-settings'),
    }),
};
