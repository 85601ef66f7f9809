// The open requests within 50 m of the chosen point or on its pole (number, problem,
// status, age; never contact data), asked for once a point is chosen.
import { useQuery } from '@tanstack/react-query';
import { wizardQueries } from './query-keys.ts';

export function useNearbyRequests(lat: number | null, lng: number | null, poleId: number | null) {
  return useQuery({ ...wizardQueries.nearby(lat, lng, poleId), enabled: lat !== null && lng !== null });
}
