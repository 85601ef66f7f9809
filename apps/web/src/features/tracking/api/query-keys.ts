// The tracking page's queries: the request as the public sees it (with the tracking link's
// token when it carried one) and the photos an operator published (decision 19).
import type { PublicPhotoList } from '@acende/shared/schemas/photos';
import type { PublicRepairRequest } from '@acende/shared/schemas/repair-requests';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const trackingQueries = {
  all: () => ['repair-request'] as const,
  /** GET /api/repair-requests/:id. */
  request: (id: string | undefined, token: string | null) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), id, token] as const,
      queryFn: () =>
        apiRequest<PublicRepairRequest>(
          'GET',
          `/api/repair-requests/${encodeURIComponent(id ?? '')}${token ? `?t=${encodeURIComponent(token)}` : ''}`,
        ),
    }),
  /** GET /api/repair-requests/:id/photos. */
  photos: (id: number) =>
    queryOptions({
      queryKey: [...trackingQueries.all(), id, 'photos'] as const,
      queryFn: () => apiRequest<PublicPhotoList>('GET', `/api/repair-requests/${id}/photos`),
    }),
};
