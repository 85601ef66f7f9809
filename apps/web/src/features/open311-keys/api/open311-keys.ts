// GET /api/admin/open311-keys: the Open311 clients' keys, active first (never the keys).
import type { Open311Key } from '@acende/shared/schemas/open311';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const OPEN311_KEYS_KEY = ['admin', 'open311-keys'] as const;

export const getOpen311Keys = () => apiRequest<Open311Key[]>('GET', '/api/admin/open311-keys');

export function useOpen311Keys() {
  return useQuery({ queryKey: OPEN311_KEYS_KEY, queryFn: getOpen311Keys });
}
