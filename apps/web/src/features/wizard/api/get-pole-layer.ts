// GET /api/poles?bbox=…: the map layer of poles for the visible box (issue 21). The box is
// rounded outwards to 4 decimals (about 11 m), so the same view asks the same address and
// the browser's cache (a minute, as the server says) answers a view seen again.
import type { PoleLayer } from '@acende/shared/schemas/poles';
import { apiRequest } from '../../../lib/api-client.ts';

/** Further out, the map shows no poles (the server refuses a box wider than 4°). */
export const POLE_LAYER_MIN_ZOOM = 12;
const MAX_SPAN = 4;

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** `minLng,minLat,maxLng,maxLat` of what the map shows, or null when no layer is asked for. */
export function poleLayerBox(bounds: Bounds, zoom: number): string | null {
  if (zoom < POLE_LAYER_MIN_ZOOM) return null;
  const down = (n: number) => Math.floor(n * 1e4) / 1e4;
  const up = (n: number) => Math.ceil(n * 1e4) / 1e4;
  const west = Math.max(-180, down(bounds.west));
  const south = Math.max(-90, down(bounds.south));
  const east = Math.min(180, up(bounds.east));
  const north = Math.min(90, up(bounds.north));
  if (!(west < east && south < north) || east - west > MAX_SPAN || north - south > MAX_SPAN) return null;
  return [west, south, east, north].join(',');
}

export function getPoleLayer(bbox: string, signal?: AbortSignal): Promise<PoleLayer> {
  return apiRequest<PoleLayer>('GET', `/api/poles?bbox=${bbox}`, undefined, { signal });
}
