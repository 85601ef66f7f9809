// SQL of what a crew's phone reads (decision 0068): the crew, its work orders of a day, their
// stops with the request's fields a pole needs (never the citizen's name, e-mail or phone),
// the company's active materials and the other active companies.
import type { Db, Trx } from '../../db/database.ts';

export function findCrew(db: Db | Trx, crewId: number) {
  return db
    .selectFrom('crews as c')
    .innerJoin('energyCompanies as e', 'e.id', 'c.companyId')
    .select(['c.id', 'c.name', 'c.companyId', 'c.active', 'e.name as companyName'])
    .where('c.id', '=', crewId)
    .executeTakeFirst();
}

/** The crew's work orders of `day` that are not cancelled, oldest first. */
export function listCrewWorkOrders(db: Db, crewId: number, day: string) {
  return db
    .selectFrom('workOrders as w')
    .innerJoin('crews as c', 'c.id', 'w.crewId')
    .innerJoin('energyCompanies as e', 'e.id', 'w.companyId')
    .select(['w.id', 'w.day', 'w.state', 'c.name as crewName', 'e.name as companyName'])
    .where('w.crewId', '=', crewId)
    .where('w.day', '=', day)
    .where('w.state', '!=', 'cancelled')
    .orderBy('w.id')
    .execute();
}

/** Stops with their request's fields, by the filter the caller adds. Contacts are never selected. */
function stops(db: Db | Trx) {
  return db
    .selectFrom('workOrderStops as s')
    .innerJoin('repairRequests as r', 'r.id', 's.requestId')
    .select([
      's.id',
      's.workOrderId',
      's.position',
      's.requestId',
      'r.companyId as requestCompanyId',
      'r.status',
      'r.updatedAt',
      'r.address',
      'r.reference',
      'r.problemType',
      'r.notes as description',
      'r.poleNumber',
      'r.latitude',
      'r.longitude',
      'r.dueAt',
      's.arrivedAt',
      's.finishedAt',
      's.outcome',
      's.reason',
      's.notes',
    ]);
}

export type CrewStopRow = Awaited<ReturnType<typeof listOrderStops>>[number];

export function listOrderStops(db: Db, workOrderIds: number[]) {
  if (workOrderIds.length === 0) return Promise.resolve([]);
  return stops(db).where('s.workOrderId', 'in', workOrderIds).orderBy('s.workOrderId').orderBy('s.position').execute();
}

export function findStopRow(db: Db | Trx, stopId: number) {
  return stops(db).where('s.id', '=', stopId).executeTakeFirst();
}

export function listActiveMaterials(db: Db, companyId: number) {
  return db
    .selectFrom('materials')
    .select(['id', 'companyId', 'name', 'unit', 'active'])
    .where('companyId', '=', companyId)
    .where('active', '=', 1)
    .orderBy('name')
    .execute();
}

export function listOtherCompanies(db: Db, companyId: number) {
  return db
    .selectFrom('energyCompanies')
    .select(['id', 'name'])
    .where('id', '!=', companyId)
    .where('active', '=', 1)
    .orderBy('name')
    .execute();
}
