// GET /api/geocode/search: at most five places for an address, lat/lon parsed into numbers.
import { apiRequest } from '../../../lib/api-client.ts';

export interface AddressSearchResult {
  address: string;
  latitude: number;
  longitude: number;
}

export async function searchAddress(query: string, signal?: AbortSignal): Promise<AddressSearchResult[]> {
  const places = await apiRequest<{ display_name: string; lat: string; lon: string }[]>(
    'GET',
    `/api/geocode/search?q=${encodeURIComponent(query.trim())}`,
    undefined,
    { signal },
  );
  return places
    .map((place) => ({ address: place.display_name, latitude: Number(place.lat), longitude: Number(place.lon) }))
    .filter((place) => Number.isFinite(place.latitude) && Number.isFinite(place.longitude));
}
