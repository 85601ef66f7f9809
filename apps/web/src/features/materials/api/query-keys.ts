// The materials lists' query (decision 0068): every company the account may see, or one.
import type { Material } from '@acende/shared/schemas/crew';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const materialQueries = {
  all: () => ['admin', 'materials'] as const,
  /** GET /api/admin/materials (`companyId` keeps one company's). */
  list: (companyId?: number) =>
    queryOptions({
      queryKey: [...materialQueries.all(), companyId ?? 'all'] as const,
      queryFn: () =>
        apiRequest<Material[]>(
          'GET',
          `/api/admin/materials${companyId === undefined ? '' : `?companyId=${companyId}`}`,
        ),
    }),
};
