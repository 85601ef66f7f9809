// SQL of work orders and their stops (migration 0060). Coordinates are kept as text on the
// requests (as filed); an area's bounds compare them as numbers.
import type { Area } from '@acende/shared/schemas/work-orders';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const WORKABLE = ['open', 'in_progress'];

/** A request's fields a stop needs, by the filter the caller adds. */
function candidates(db: Db) {
  return db
    .selectFrom('repairRequests as r')
    .leftJoin('workOrderStops as s', 's.openRequestId', 'r.id')
    .select([
      'r.id',
      'r.companyId',
      'r.status',
      'r.address',
      'r.problemType',
      'r.poleNumber',
      'r.latitude',
      'r.longitude',
      'r.dueAt',
      's.workOrderId as openWorkOrderId',
    ]);
}

export function findCandidates(db: Db, ids: number[]) {
  return candidates(db).where('r.id', 'in', ids).execute();
}

/** Open and in-progress requests of `companyId` inside `area` that no open work order holds, at most `limit`. */
export function findAreaCandidates(db: Db, companyId: number, area: Area, limit: number) {
  const lat = sql<number>`cast(${sql.ref('r.latitude')} as double precision)`;
  const lng = sql<number>`cast(${sql.ref('r.longitude')} as double precision)`;
  return candidates(db)
    .where('r.companyId', '=', companyId)
    .where('r.status', 'in', WORKABLE)
    .where('s.id', 'is', null)
    .where(lat, '>=', area.south)
    .where(lat, '<=', area.north)
    .where(lng, '>=', area.west)
    .where(lng, '<=', area.east)
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

export async function insertWorkOrder(
  db: Db,
  values: {
    companyId: number;
    crewId: number;
    day: string;
    startLat: number | null;
    startLng: number | null;
    overdueFirst: number;
    routeMetres: number;
    createdById: number | null;
    createdAt: string;
    updatedAt: string;
  },
  requestIds: number[],
): Promise<number> {
  const { id } = await db.insertInto('workOrders').values(values).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('workOrderStops')
    .values(
      requestIds.map((requestId, i) => ({ workOrderId: id, requestId, position: i + 1, openRequestId: requestId })),
    )
    .execute();
  return id;
}

function orders(db: Db) {
  return db
    .selectFrom('workOrders as w')
    .innerJoin('crews as c', 'c.id', 'w.crewId')
    .innerJoin('energyCompanies as e', 'e.id', 'w.companyId')
    .leftJoin('admins as a', 'a.id', 'w.createdById');
}

export function findWorkOrder(db: Db, id: number) {
  return orders(db)
    .select([
      'w.id',
      'w.companyId',
      'e.name as companyName',
      'w.crewId',
      'c.name as crewName',
      'w.day',
      'w.state',
      'w.startLat',
      'w.startLng',
      'w.overdueFirst',
      'w.routeMetres',
      'w.createdAt',
      'a.name as createdBy',
    ])
    .where('w.id', '=', id)
    .executeTakeFirst();
}

export function listStops(db: Db, workOrderId: number) {
  return db
    .selectFrom('workOrderStops as s')
    .innerJoin('repairRequests as r', 'r.id', 's.requestId')
    .leftJoin('energyCompanies as pc', 'pc.id', 's.proposedCompanyId')
    .select([
      's.id',
      's.position',
      's.requestId',
      'r.address',
      'r.problemType',
      'r.poleNumber',
      'r.latitude',
      'r.longitude',
      'r.status',
      'r.dueAt',
      's.arrivedAt',
      's.finishedAt',
      's.outcome',
      's.reason',
      's.notes',
      'pc.name as proposedCompany',
    ])
    .where('s.workOrderId', '=', workOrderId)
    .orderBy('s.position')
    .execute();
}

/** The work orders of a day (and a crew), in the companies of `scope`, with their stops counted. */
export function listWorkOrders(db: Db, scope: number[] | null, filter: { day?: string; crewId?: number }) {
  let query = orders(db)
    .select((eb) => [
      'w.id',
      'w.companyId',
      'w.crewId',
      'c.name as crewName',
      'w.day',
      'w.state',
      eb
        .selectFrom('workOrderStops as s')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('s.workOrderId', '=', 'w.id')
        .as('stops'),
      eb
        .selectFrom('workOrderStops as s')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('s.workOrderId', '=', 'w.id')
        .where('s.finishedAt', 'is not', null)
        .as('done'),
    ])
    .orderBy('w.day', 'desc')
    .orderBy('c.name')
    .orderBy('w.id')
    .limit(500);
  if (scope) query = query.where('w.companyId', 'in', scope.length > 0 ? scope : [0]);
  if (filter.day) query = query.where('w.day', '=', filter.day);
  if (filter.crewId) query = query.where('w.crewId', '=', filter.crewId);
  return query.execute();
}

/** Closes the order's stops to new work: their requests may join another work order. */
export async function cancelWorkOrderRow(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('workOrders')
    .set({ state: 'cancelled', updatedAt: now })
    .where('id', '=', id)
    .where('state', 'in', ['planned', 'in_progress'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.updateTable('workOrderStops').set({ openRequestId: null }).where('workOrderId', '=', id).execute();
  return true;
}
