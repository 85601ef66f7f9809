// GET /api/admin/open311-keys: the Open311 clients' keys, active first (never the keys).
import type { Open311Key } from '@acende/shared/schemas/open311';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const open311KeyQueries = {
  list: () =>
    queryOptions({
      queryKey: ['admin', 'open311-keys'] as const,
      queryFn: () => apiRequest<Open311Key[]>('GET', '/api/admin/open311-keys'),
    }),
};
