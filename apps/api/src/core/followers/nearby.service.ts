// Which open requests are near a point (issues 22 and 23): the box around the circle from
// the index, then the exact great-circle distance; requests on the same pole count at any
// distance. Shared by the citizen's "already reported nearby" and the duplicate suggestions.
import type { ProblemType, RequestStatus } from '@acende/shared/enums';
import type { Db } from '../../db/database.ts';
import { listOpenInBox, listOpenOnPole, type NearbyRow } from './nearby.repository.ts';

const EARTH_RADIUS_M = 6_371_008.8;
const METRES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_M;
/**
 * Rows read from the box at most: the nearest few are chosen from them. The index reads the
 * box itself (decision 0040), so this bounds the work only where a box holds more open
 * requests than any street does (a million seeded requests put about 230 in a 100 m box).
 */
const BOX_ROWS = 1000;

export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface OpenNearby {
  id: number;
  problemType: ProblemType;
  status: RequestStatus;
  createdAt: string;
  companyId: number;
  distance: number;
  samePole: boolean;
}

export interface NearbySearch {
  lat: number;
  lng: number;
  radius: number;
  poleId?: number | null;
  /** Companies whose requests count (null: all). */
  scope: number[] | null;
  /** A request not to answer (the one being marked as a duplicate). */
  except?: number;
  max: number;
}

/** The open requests within `radius` metres or on the pole, nearest first (the pole's first), at most `max`. */
export async function findOpenNearby(db: Db, search: NearbySearch): Promise<OpenNearby[]> {
  const { lat, lng, radius } = search;
  // A margin of 1% on the box: the exact distance decides.
  const dLat = (radius * 1.01) / METRES_PER_DEGREE;
  const dLng = Math.min(180, dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const box = { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
  // One after the other: `db` may be a transaction.
  const inBox = await listOpenInBox(db, box, search.scope, BOX_ROWS);
  const onPole = search.poleId ? await listOpenOnPole(db, search.poleId, search.scope, search.max + 1) : [];
  const found = new Map<number, OpenNearby>();
  const add = (row: NearbyRow, samePole: boolean) => {
    if (row.id === search.except) return;
    const distance = distanceMetres(lat, lng, Number(row.latitude), Number(row.longitude));
    if (!samePole && !(distance <= radius)) return;
    const previous = found.get(row.id);
    found.set(row.id, {
      id: row.id,
      problemType: row.problemType as ProblemType,
      status: row.status as RequestStatus,
      createdAt: row.createdAt,
      companyId: row.companyId,
      distance: Math.round(distance),
      samePole: samePole || (previous?.samePole ?? false) || (search.poleId != null && row.poleId === search.poleId),
    });
  };
  for (const row of onPole) add(row, true);
  for (const row of inBox) add(row, false);
  return [...found.values()]
    .sort((a, b) => Number(b.samePole) - Number(a.samePole) || a.distance - b.distance || b.id - a.id)
    .slice(0, search.max);
}
