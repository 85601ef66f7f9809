// The operators' request queries, all under the admin requests' prefix (src/lib, which the
// queue, the dashboard and the bulk bar share): the list, one request, its photos and its
// likely originals. A change answered with the request writes its detail from the answer
// and refreshes the rest (`allRequestsBut`).
import type { AdminRequestDetail, AdminRequestList } from '@acende/shared/schemas/admin-requests';
import type { DuplicateCandidates } from '@acende/shared/schemas/followers';
import type { PhotoList } from '@acende/shared/schemas/photos';
import { type InvalidateQueryFilters, partialMatchKey, type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminRequestKeys } from '../../../lib/query-keys/admin-requests.ts';

const base = `/api/admin/repair-requests`;

export const requestQueries = {
  list: (query: string) =>
    queryOptions({
      queryKey: [...adminRequestKeys.all(), 'list', query] as const,
      queryFn: () => apiRequest<AdminRequestList>('GET', `${base}?${query}`),
    }),
  details: () => [...adminRequestKeys.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...requestQueries.details(), id] as const,
      queryFn: () => apiRequest<AdminRequestDetail>('GET', `${base}/${id}`),
    }),
  /** The photos for operators (decision 0033). */
  photos: (id: number) =>
    queryOptions({
      queryKey: [...adminRequestKeys.all(), 'photos', id] as const,
      queryFn: () => apiRequest<PhotoList>('GET', `${base}/${id}/photos`),
    }),
  /** The likely originals of a duplicate call (issue 23). */
  duplicateCandidates: (id: number) =>
    queryOptions({
      queryKey: [...adminRequestKeys.all(), 'duplicate-candidates', id] as const,
      queryFn: () => apiRequest<DuplicateCandidates>('GET', `${base}/${id}/duplicate-candidates`),
    }),
};

/** Every admin request query (lists, queues, counts, photos, details) but those under `kept`. */
export const allRequestsBut = (kept: QueryKey): InvalidateQueryFilters => ({
  queryKey: adminRequestKeys.all(),
  predicate: (query) => !partialMatchKey(query.queryKey, kept),
});
