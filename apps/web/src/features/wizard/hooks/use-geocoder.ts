// The geocoder through the query cache (wizardQueries), so a repeated point or search costs nothing.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { wizardQueries } from '../api/query-keys.ts';

/** The address of a point, or its coordinate text. */
export function useReverseGeocode() {
  const queryClient = useQueryClient();
  return useCallback(
    (lat: number, lon: number) => queryClient.fetchQuery(wizardQueries.geocode(lat, lon)),
    [queryClient],
  );
}

/** At most five places for an address. */
export function useSearchAddress() {
  const queryClient = useQueryClient();
  return useCallback((query: string) => queryClient.fetchQuery(wizardQueries.addressSearch(query)), [queryClient]);
}
