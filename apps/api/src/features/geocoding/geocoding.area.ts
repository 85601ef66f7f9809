// The area (neighbourhood, city) of a point for a filing and for the area retry (decision
// 0021): from the geocoder's cache, else one paced upstream call, never holding a filing
// past its time-out, and skipping the geocoder for a while after it failed.
import { type Area, type Geocoder, type GeocoderDeps, geocoderFor } from './geocoding.service.ts';

const AREA_COOLDOWN_MS = 60_000;
const areaCooldownUntil = new WeakMap<Geocoder, number>();

/**
 * The neighbourhood and city of a point (both null when the geocoder names neither), or
 * undefined when the geocoder gave no answer: it failed, took longer than `timeoutMs`, or
 * failed shortly before (new requests then skip it for a while instead of each waiting on
 * it). Never throws.
 */
export async function resolveArea(
  deps: GeocoderDeps,
  lat: number,
  lon: number,
  timeoutMs = 2500,
): Promise<Area | undefined> {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return { district: null, city: null };
  const geocoder = geocoderFor(deps);
  const known = geocoder.cachedArea(lat, lon);
  if (known) return known;
  if ((areaCooldownUntil.get(geocoder) ?? 0) > Date.now()) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  const lookup = lookUpArea(deps, lat, lon).catch(() => {
    areaCooldownUntil.set(geocoder, Date.now() + AREA_COOLDOWN_MS);
    return undefined;
  });
  try {
    return await Promise.race([lookup, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The area of a point from the geocoder (its cache, else one paced upstream call); both
 * parts null when it names neither. Throws when the geocoder fails or is busy.
 */
export async function lookUpArea(deps: GeocoderDeps, lat: number, lon: number): Promise<Area> {
  const geocoder = geocoderFor(deps);
  const known = geocoder.cachedArea(lat, lon);
  if (known) return known;
  await geocoder.reverse(lat, lon);
  return geocoder.cachedArea(lat, lon) ?? { district: null, city: null };
}

/** The area of a point when the geocoder already knows it: no upstream call, no wait. */
export function knownArea(deps: GeocoderDeps, lat: number, lon: number): Area | undefined {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  return geocoderFor(deps).cachedArea(lat, lon);
}
