// The wizard's queries: the open requests near the chosen point, the geocoder's answers
// (cached, so a repeated point or search costs nothing) and a pole by its QR label's address.
import type { NearbyResponse } from '@acende/shared/schemas/followers';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lookUpPole } from './look-up-pole.ts';
import { reverseGeocode } from './reverse-geocode.ts';
import { searchAddress } from './search-address.ts';

/** The pole and the address its requests carry: the registry's street, else the geocoder's. */
async function findPole(companyId: string, number: string) {
  const pole = await lookUpPole(companyId, number);
  const address = pole.street || (await reverseGeocode(pole.latitude, pole.longitude));
  return { pole, address };
}
export type FoundPole = Awaited<ReturnType<typeof findPole>>;

export const wizardQueries = {
  /** GET /api/repair-requests/nearby: the open requests within 50 m of the point or on its pole. */
  nearby: (lat: number | null, lng: number | null, poleId: number | null) =>
    queryOptions({
      queryKey: ['nearby-requests', lat?.toFixed(6), lng?.toFixed(6), poleId] as const,
      queryFn: () =>
        apiRequest<NearbyResponse>(
          'GET',
          `/api/repair-requests/nearby?lat=${lat?.toFixed(6)}&lng=${lng?.toFixed(6)}${poleId ? `&pole=${poleId}` : ''}`,
        ),
      staleTime: 60_000,
      retry: false,
    }),
  /** The address of a point (never an error: the coordinate text instead). */
  geocode: (lat: number, lon: number) =>
    queryOptions({
      queryKey: ['geocode', lat.toFixed(6), lon.toFixed(6)] as const,
      queryFn: () => reverseGeocode(lat, lon),
    }),
  /** At most five places for an address; the same words, whatever their case, are one query. */
  addressSearch: (query: string) =>
    queryOptions({
      queryKey: ['geocode-search', query.trim().toLowerCase()] as const,
      queryFn: ({ signal }) => searchAddress(query, signal),
    }),
  /** A pole by its company and number, `/p/{companyId}/{number}` (decision 20). */
  pole: (companyId: string, number: string) =>
    queryOptions({
      queryKey: ['pole', companyId, number] as const,
      queryFn: () => findPole(companyId, number),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
