// GET /api/admin/integration-keys: the companies' systems' keys, active first (never the keys).
import type { IntegrationKey } from '@acende/shared/schemas/integrations';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const integrationKeyQueries = {
  list: () =>
    queryOptions({
      queryKey: ['admin', 'integration-keys'] as const,
      queryFn: () => apiRequest<IntegrationKey[]>('GET', '/api/admin/integration-keys'),
    }),
};
