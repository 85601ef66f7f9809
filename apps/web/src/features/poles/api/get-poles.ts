// GET /api/admin/poles (the registry's list, filtered and paged on the server) and
// GET /api/admin/poles/:id (one pole, for its form).
import type { AdminPole } from '@acende/shared/schemas/poles';
import type { AdminPoleList } from '@acende/shared/schemas/poles-registry';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const POLES_QUERY_KEY = ['admin', 'poles'] as const;

export interface PoleListParams {
  q: string;
  companyId: string;
  active: '' | 'true' | 'false';
  page: number;
  pageSize: number;
}

export function getPoles(params: PoleListParams) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== '') query.set(name, String(value));
  return apiRequest<AdminPoleList>('GET', `/api/admin/poles?${query}`);
}

export function usePoles(params: PoleListParams) {
  return useQuery({
    queryKey: [...POLES_QUERY_KEY, 'list', params],
    queryFn: () => getPoles(params),
    // The rows stay while the next page or filter loads (the table says it is busy).
    placeholderData: keepPreviousData,
  });
}

export const getPole = (id: number) => apiRequest<AdminPole>('GET', `/api/admin/poles/${id}`);

export function usePole(id: number | undefined) {
  return useQuery({
    queryKey: [...POLES_QUERY_KEY, 'one', id],
    queryFn: () => getPole(id as number),
    enabled: id !== undefined,
  });
}
