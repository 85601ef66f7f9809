// GET /api/repair-requests/nearby: the open requests within 50 m of the chosen point or on
// its pole (number, problem, status, age; never contact data).
import type { NearbyResponse } from '@acende/shared/schemas/followers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const fetchNearbyRequests = (lat: number, lng: number, poleId: number | null) =>
  apiRequest<NearbyResponse>(
    'GET',
    `/api/repair-requests/nearby?lat=${lat.toFixed(6)}&lng=${lng.toFixed(6)}${poleId ? `&pole=${poleId}` : ''}`,
  );

export function useNearbyRequests(lat: number | null, lng: number | null, poleId: number | null) {
  return useQuery({
    queryKey: ['nearby-requests', lat?.toFixed(6), lng?.toFixed(6), poleId],
    queryFn: () => fetchNearbyRequests(lat as number, lng as number, poleId),
    enabled: lat !== null && lng !== null,
    staleTime: 60_000,
    retry: false,
  });
}
