// The public map layer's reads (issue 21): the active poles of active companies inside a
// box, and their counts by grid cell when the box holds too many to draw.
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { type Db, dialectOf } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface Box {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

// The companies in service, as a list each row is checked against: the box's index drives
// the read on both engines (joined, SQLite put the companies outside and read the box once
// per company). `+company_id` keeps SQLite off the (company, number) index.
const inActiveCompany =
  (column: 'poles.companyId' | 'poleCells.companyId') => (eb: ExpressionBuilder<Database, 'poles' | 'poleCells'>) =>
    eb(
      sql<number>`+${sql.ref(column)}`,
      'in',
      eb.selectFrom('energyCompanies').select('energyCompanies.id').where('energyCompanies.active', '=', 1),
    );

/**
 * The active poles of the box, through the spatial index (migration 0026): SQLite's R*Tree
 * gives the ids inside (its 32-bit bounds are rounded outwards, so the row's own
 * coordinates are checked too); PostgreSQL's GiST index on point(longitude, latitude).
 */
function polesInBox(db: Db, box: Box) {
  const exact = (query: SelectQueryBuilder<Database, 'poles', object>) =>
    query
      .where('poles.active', '=', 1)
      .where('poles.latitude', '>=', box.minLat)
      .where('poles.latitude', '<=', box.maxLat)
      .where('poles.longitude', '>=', box.minLng)
      .where('poles.longitude', '<=', box.maxLng)
      .where(inActiveCompany('poles.companyId'));
  if (dialectOf(db) === 'postgres') {
    return exact(
      db
        .selectFrom('poles')
        .where(
          sql<boolean>`point(poles.longitude, poles.latitude) <@ box(point(${box.minLng}, ${box.minLat}), point(${box.maxLng}, ${box.maxLat}))`,
        ),
    );
  }
  const inside = db
    .selectFrom('polesRtree')
    .innerJoin('poles', 'poles.id', 'polesRtree.id')
    .where('polesRtree.maxLat', '>=', box.minLat)
    .where('polesRtree.minLat', '<=', box.maxLat)
    .where('polesRtree.maxLng', '>=', box.minLng)
    .where('polesRtree.minLng', '<=', box.maxLng);
  return exact(inside as unknown as SelectQueryBuilder<Database, 'poles', object>);
}

/** At most `limit` poles of the box. */
export function listPolesInBox(db: Db, box: Box, limit: number) {
  return polesInBox(db, box)
    .select(['poles.id', 'poles.companyId', 'poles.number', 'poles.latitude', 'poles.longitude'])
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
  if (dialectOf(db) === 'postgres') {
    const cell = (column: 'poles.latitude' | 'poles.longitude', origin: number) =>
      sql<number>`floor((${sql.ref(column)} + ${sql.lit(origin)}) / ${sql.lit(size)})::int`;
    return polesInBox(db, box)
      .select((eb) => [
        cell('poles.latitude', 90).as('gy'),
        cell('poles.longitude', 180).as('gx'),
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.avg<number>('poles.latitude').as('latitude'),
        eb.fn.avg<number>('poles.longitude').as('longitude'),
      ])
      .groupBy(['gy', 'gx'])
      .execute();
  }
  // SQLite counts from the R*Tree alone (it holds the company): no row of poles is read. Its
  // bounds are the coordinates to about 1e-6° (10 cm), which is all a count needs.
  const cell = (column: 'polesRtree.minLat' | 'polesRtree.minLng', origin: number) =>
    sql<number>`cast((${sql.ref(column)} + ${sql.lit(origin)}) / ${sql.lit(size)} as integer)`;
  return db
    .selectFrom('polesRtree')
    .select((eb) => [
      cell('polesRtree.minLat', 90).as('gy'),
      cell('polesRtree.minLng', 180).as('gx'),
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.avg<number>('polesRtree.minLat').as('latitude'),
      eb.fn.avg<number>('polesRtree.minLng').as('longitude'),
    ])
    .where('polesRtree.maxLat', '>=', box.minLat)
    .where('polesRtree.minLat', '<=', box.maxLat)
    .where('polesRtree.maxLng', '>=', box.minLng)
    .where('polesRtree.minLng', '<=', box.maxLng)
    .where((eb) =>
      eb(
        'polesRtree.companyId',
        'in',
        eb.selectFrom('energyCompanies').select('energyCompanies.id').where('energyCompanies.active', '=', 1),
      ),
    )
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
