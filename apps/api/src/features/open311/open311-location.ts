// The place of an Open311 filing (issue 38, decision 0064): GeoReport v2 asks for `lat`/`long`
// or `address_string`, and the one a client leaves out is looked up through the app's paced,
// cached geocoder (Nominatim's /reverse and /search). A point the geocoder cannot name is
// still filed, with its coordinates as the address; an address it cannot find is refused.
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { geocoderFor } from '../geocoding/geocoding.service.ts';

/** How long a filing waits for the reverse lookup before it keeps the coordinates instead. */
const REVERSE_WAIT_MS = 2500;
const ADDRESS_MAX = 500;

/** The coordinates as the address, when no name comes: readable in either language. */
export function coordinatesAddress(lat: string, long: string): string {
  return `${lat}, ${long}`;
}

/**
 * The address of a point: the geocoder's name for it, else its coordinates (the geocoder names
 * nothing there, fails, is busy or takes longer than REVERSE_WAIT_MS). Never throws. The
 * lookup also leaves the point's area in the geocoder's cache, where the filing finds it.
 */
export async function addressOfPoint(deps: AppDeps, lat: string, long: string): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), REVERSE_WAIT_MS);
  });
  try {
    const found = await Promise.race([geocoderFor(deps).reverse(Number(lat), Number(long)), late]);
    const name = found?.display_name.trim();
    return name ? name.slice(0, ADDRESS_MAX) : coordinatesAddress(lat, long);
  } catch {
    return coordinatesAddress(lat, long);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The point of an address: the geocoder's first match, its coordinates to 7 decimals (about a
 * centimetre, as Nominatim writes them). No match is the client's error, on address_string
 * (400); a geocoder that fails or is busy is a 503 that suggests sending lat and long.
 */
export async function pointOfAddress(deps: AppDeps, address: string): Promise<{ lat: string; long: string }> {
  let results: Awaited<ReturnType<ReturnType<typeof geocoderFor>['search']>>;
  try {
    results = await geocoderFor(deps).search(address);
  } catch (error) {
    if (error instanceof AppError && error.status >= 500) {
      throw new AppError('admin-open311.open311.error.geocoderUnavailable', 503);
    }
    throw error;
  }
  const first = results[0];
  if (!first) {
    throw new AppError('common.validation.invalid', 400, undefined, {
      address: 'admin-open311.open311.error.addressNotFound',
    });
  }
  return { lat: Number(first.lat).toFixed(7), long: Number(first.lon).toFixed(7) };
}
