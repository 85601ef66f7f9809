// GET /api/admin/email-settings: the mail settings the screen edits.
import type { EmailSettingsResponse } from '@acende/shared/schemas/email';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const emailSettingsQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['admin', 'email-settings'] as const,
      queryFn: () => apiRequest<EmailSettingsResponse>('GET', '/api/admin/email-settings'),
    }),
};
