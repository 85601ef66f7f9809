// The public map layer's reads (issue 21): the active poles of active companies inside a
// box, and their counts by grid cell when the box holds too many to draw.
import { type ExpressionBuilder, sql } from 'kysely';
import { type Db, dialectOf } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface Box {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

// The companies in service, as a list each row is checked against: the box's index drives
// the read on both engines. Joined, SQLite put the companies outside and walked the box's
// index band once per company. `+company_id` keeps SQLite off the (company, number) index.
const inActiveCompany =
  (column: 'poles.companyId' | 'poleCells.companyId') => (eb: ExpressionBuilder<Database, 'poles' | 'poleCells'>) =>
    eb(
      sql<number>`+${sql.ref(column)}`,
      'in',
      eb.selectFrom('energyCompanies').select('energyCompanies.id').where('energyCompanies.active', '=', 1),
    );

/** At most `limit` poles of the box, through poles_bbox_idx (latitude band, then longitude). */
export function listPolesInBox(db: Db, box: Box, limit: number) {
  return db
    .selectFrom('poles')
    .select(['poles.id', 'poles.companyId', 'poles.number', 'poles.latitude', 'poles.longitude'])
    .where('poles.active', '=', 1)
    .where('poles.latitude', '>=', box.minLat)
    .where('poles.latitude', '<=', box.maxLat)
    .where('poles.longitude', '>=', box.minLng)
    .where('poles.longitude', '<=', box.maxLng)
    .where(inActiveCompany('poles.companyId'))
    .limit(limit)
    .execute();
}

export interface CellCount {
  gy: number | string;
  gx: number | string;
  n: number | string;
  latitude: number;
  longitude: number;
}

/**
 * Counts by cells of `size` degrees, read from the poles themselves: for a box small
 * enough that its poles are a few thousand index entries. Cells are aligned on the
 * world grid (from -90/-180), so a cluster stays put while the map pans.
 */
export function countPolesByCell(db: Db, box: Box, size: number) {
  const cell = (column: 'poles.latitude' | 'poles.longitude', origin: number) => {
    const ratio = sql<number>`(${sql.ref(column)} + ${sql.lit(origin)}) / ${sql.lit(size)}`;
    return dialectOf(db) === 'postgres' ? sql<number>`floor(${ratio})::int` : sql<number>`cast(${ratio} as integer)`;
  };
  return db
    .selectFrom('poles')
    .select((eb) => [
      cell('poles.latitude', 90).as('gy'),
      cell('poles.longitude', 180).as('gx'),
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.avg<number>('poles.latitude').as('latitude'),
      eb.fn.avg<number>('poles.longitude').as('longitude'),
    ])
    .where('poles.active', '=', 1)
    .where('poles.latitude', '>=', box.minLat)
    .where('poles.latitude', '<=', box.maxLat)
    .where('poles.longitude', '>=', box.minLng)
    .where('poles.longitude', '<=', box.maxLng)
    .where(inActiveCompany('poles.companyId'))
    .groupBy(['gy', 'gx'])
    .execute();
}

/**
 * Counts by cells of `factor` × 0.01°, read from pole_cells (kept by triggers, migration
 * 0026): a city-wide box reads its 0.01° cells, never its poles. A cell that the box's
 * edge crosses counts whole.
 */
export function sumPoleCells(db: Db, box: Box, factor: number) {
  const cell = (column: 'poleCells.cellLat' | 'poleCells.cellLng', origin: number) =>
    sql<number>`(${sql.ref(column)} + ${sql.lit(origin)}) / ${sql.lit(factor)}`;
  return db
    .selectFrom('poleCells')
    .select((eb) => [
      cell('poleCells.cellLat', 9000).as('gy'),
      cell('poleCells.cellLng', 18000).as('gx'),
      eb.fn.sum<number | string>('poleCells.n').as('n'),
      eb.fn.sum<number>('poleCells.latSum').as('latitude'),
      eb.fn.sum<number>('poleCells.lngSum').as('longitude'),
    ])
    .where('poleCells.cellLat', '>=', Math.floor(box.minLat * 100))
    .where('poleCells.cellLat', '<=', Math.floor(box.maxLat * 100))
    .where('poleCells.cellLng', '>=', Math.floor(box.minLng * 100))
    .where('poleCells.cellLng', '<=', Math.floor(box.maxLng * 100))
    .where('poleCells.n', '>', 0)
    .where(inActiveCompany('poleCells.companyId'))
    .groupBy(['gy', 'gx'])
    .execute();
}
