// GET /api/admin/push-settings (decision 0063).
import type { PushSettingsResponse } from '@acende/shared/schemas/push';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const pushSettingsQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['admin', 'push-settings'] as const,
      queryFn: () => apiRequest<PushSettingsResponse>('GET', '/api/admin/push-settings'),
    }),
};
