// GET /api/geocode: the address of a point. A failure or a point without an address
// gives the coordinate text of the spec instead, never an error.
import { coordinateFallbackAddress } from '@acende/shared/constants';
import { apiRequest } from '../../../lib/api-client.ts';

export async function reverseGeocode(lat: number, lon: number): Promise<string> {
  try {
    const place = await apiRequest<{ display_name: string }>(
      'GET',
      `/api/geocode?lat=${lat.toFixed(7)}&lon=${lon.toFixed(7)}`,
    );
    return place.display_name || coordinateFallbackAddress(lat, lon);
  } catch {
    return coordinateFallbackAddress(lat, lon);
  }
}
