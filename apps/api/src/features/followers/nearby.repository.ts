// Open requests near a point (issues 22 and 23): the rows of a small box around it, read
// through the partial index on the coordinates' numeric value (migration 0037), and the open
// requests on a pole (0026's index). The exact distance is the service's.
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

/** The numeric value of a coordinate, written exactly as the index's expression. */
function numeric(db: Db, column: 'latitude' | 'longitude'): RawBuilder<number> {
  return dialectOf(db) === 'postgres'
    ? sql<number>`cast(${sql.ref(column)} as double precision)`
    : sql<number>`cast(${sql.ref(column)} as real)`;
}

/** At most `limit` open requests inside the box, of the companies in `scope` (null: all). */
export function listOpenInBox(db: Db, box: Box, scope: number[] | null, limit: number): Promise<NearbyRow[]> {
  let query = db
    .selectFrom('repairRequests')
    .select(COLUMNS)
    .where(OPEN)
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
