// GET /api/admin/retention-settings (decision 0027).
import type { RetentionSettings } from '@acende/shared/schemas/retention';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const retentionSettingsQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['admin', 'retention-settings'] as const,
      queryFn: () => apiRequest<RetentionSettings>('GET', '/api/admin/retention-settings'),
    }),
};
