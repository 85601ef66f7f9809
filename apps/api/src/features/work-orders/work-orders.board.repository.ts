// SQL of the dispatch board (issue 37): every stop of one day's work orders in the companies
// of a scope, with its request's due time, in one read (a company's day is about 200 × 30).
import type { Db } from '../../db/database.ts';

/** The day's work orders of `scope` (null: every company), one row per stop (none for an empty order). */
export function listDayStops(db: Db, scope: number[] | null, day: string, companyId?: number) {
  let query = db
    .selectFrom('workOrders as w')
    .leftJoin('workOrderStops as s', 's.workOrderId', 'w.id')
    .leftJoin('repairRequests as r', 'r.id', 's.requestId')
    .select([
      'w.id as workOrderId',
      'w.crewId',
      'w.state',
      's.id as stopId',
      's.arrivedAt',
      's.finishedAt',
      's.outcome',
      'r.dueAt',
    ])
    .where('w.day', '=', day);
  if (scope) query = query.where('w.companyId', 'in', scope.length > 0 ? scope : [0]);
  if (companyId !== undefined) query = query.where('w.companyId', '=', companyId);
  return query.orderBy('w.crewId').orderBy('w.id').execute();
}
