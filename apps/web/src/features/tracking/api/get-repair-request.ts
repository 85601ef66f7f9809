// GET /api/repair-requests/:id, with the tracking token when the link carried one.
import type { PublicRepairRequest } from '@acende/shared/schemas/repair-requests';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const fetchRepairRequest = (id: string, token: string | null) =>
  apiRequest<PublicRepairRequest>(
    'GET',
    `/api/repair-requests/${encodeURIComponent(id)}${token ? `?t=${encodeURIComponent(token)}` : ''}`,
  );

export function useRepairRequest(id: string | undefined, token: string | null) {
  return useQuery({
    queryKey: ['repair-request', id, token],
    queryFn: () => fetchRepairRequest(id as string, token),
    enabled: Boolean(id),
  });
}
