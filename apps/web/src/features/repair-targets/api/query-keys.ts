// The repair targets (decision 0029). The companies a target may name are the admin list
// (every company, active or not), lib/query-keys/energy-companies.ts, refreshed by the registry.
import type { RepairTargets } from '@acende/shared/schemas/repair-targets';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const repairTargetQueries = {
  all: () => ['admin', 'repair-targets'] as const,
  /** GET /api/admin/repair-targets. */
  targets: () =>
    queryOptions({
      queryKey: repairTargetQueries.all(),
      queryFn: () => apiRequest<RepairTargets>('GET', '/api/admin/repair-targets'),
    }),
};
