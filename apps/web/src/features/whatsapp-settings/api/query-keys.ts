// GET /api/admin/whatsapp-settings (issue 36).
import type { WhatsappSettingsResponse } from '@acende/shared/schemas/whatsapp';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const whatsappSettingsQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['admin', 'whatsapp-settings'] as const,
      queryFn: () => apiRequest<WhatsappSettingsResponse>('GET', '/api/admin/whatsapp-settings'),
    }),
};
