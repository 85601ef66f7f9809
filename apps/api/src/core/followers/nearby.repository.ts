// Open requests near a point (issues 22 and 23): the rows of a small box around it, read
// through the partial index by longitude strip and latitude (migration 0044, decision 0040),
// and the open requests on a pole (0026's index). The exact distance is the service's.
import { type RawBuilder, sql } from 'kysely';
import { type Db, dialectOf } from '../../db/database.ts';

export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export interface NearbyRow {
  id: number;
  problemType: string;
  status: string;
  latitude: string;
  longitude: string;
  poleId: number | null;
  companyId: number;
  createdAt: string;
}

const COLUMNS = ['id', 'problemType', 'status', 'latitude', 'longitude', 'poleId', 'companyId', 'createdAt'] as const;

// Literal, as the index's predicate is: SQLite uses a partial index only for a WHERE that
// names the same values, not bound parameters.
const OPEN = sql<boolean>`status in ('open', 'in_progress')`;

/** Strips per degree of longitude: 1/4000° is about 24 m at Porto Alegre (migration 0044). */
export const STRIPS_PER_DEGREE = 4000;
/** More strips than this (a box near a pole of the Earth, a huge radius) are read as one range. */
const MAX_STRIP_LIST = 64;

/** The strip of a longitude, as the index computes it: truncated toward zero. */
export function stripOf(longitude: number): number {
  return Math.trunc(longitude * STRIPS_PER_DEGREE);
}

/** A longitude's strip, written exactly as the index's first expression. */
function strip(db: Db): RawBuilder<number> {
  return dialectOf(db) === 'postgres'
    ? sql<number>`trunc(cast(${sql.ref('longitude')} as double precision) * ${sql.lit(STRIPS_PER_DEGREE)})`
    : sql<number>`cast(cast(${sql.ref('longitude')} as real) * ${sql.lit(STRIPS_PER_DEGREE)} as integer)`;
}

/** The numeric value of a coordinate, written exactly as the index's expression. */
function numeric(db: Db, column: 'latitude' | 'longitude'): RawBuilder<number> {
  return dialectOf(db) === 'postgres'
    ? sql<number>`cast(${sql.ref(column)} as double precision)`
    : sql<number>`cast(${sql.ref(column)} as real)`;
}

/**
 * At most `limit` open requests inside the box, of the companies in `scope` (null: all): each
 * longitude strip the box crosses is one seek over the box's latitudes. A value a hair from a
 * strip's edge may fall in the neighbouring strip on one side and not the other (text to
 * double), which only matters at the box's own edge: past the radius, since the box has a margin.
 */
export function listOpenInBox(db: Db, box: Box, scope: number[] | null, limit: number): Promise<NearbyRow[]> {
  const first = stripOf(box.minLng);
  const last = stripOf(box.maxLng);
  let query = db.selectFrom('repairRequests').select(COLUMNS).where(OPEN);
  query =
    last - first < MAX_STRIP_LIST
      ? query.where(
          strip(db),
          'in',
          Array.from({ length: last - first + 1 }, (_, i) => first + i),
        )
      : query.where(strip(db), '>=', first).where(strip(db), '<=', last);
  query = query
    .where(numeric(db, 'latitude'), '>=', box.minLat)
    .where(numeric(db, 'latitude'), '<=', box.maxLat)
    .where(numeric(db, 'longitude'), '>=', box.minLng)
    .where(numeric(db, 'longitude'), '<=', box.maxLng);
  if (scope !== null) query = query.where('companyId', 'in', scope.length > 0 ? scope : [-1]);
  return query.limit(limit).execute();
}

/** At most `limit` open requests on the pole, of the companies in `scope` (null: all). */
export function listOpenOnPole(db: Db, poleId: number, scope: number[] | null, limit: number): Promise<NearbyRow[]> {
  let query = db
    .selectFrom('repairRequests')
    .select(COLUMNS)
    .where('poleId', '=', poleId)
    .where('status', 'in', ['open', 'in_progress']);
  if (scope !== null) query = query.where('companyId', 'in', scope.length > 0 ? scope : [-1]);
  return query.orderBy('id', 'desc').limit(limit).execute();
}
