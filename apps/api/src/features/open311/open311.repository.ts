// SQL of the Open311 reads (decision 0038): requests as GeoReport v2 shows them. No contact
// field (name, phone, e-mail) is ever selected, so none can reach an answer.
import type { Db } from '../../db/database.ts';

export interface Open311Criteria {
  ids?: number[];
  /** Inclusive bounds on the filing time, ISO text as stored. */
  from?: string;
  to?: string;
  problemTypes?: string[];
  statuses?: string[];
  limit: number;
}

export function listOpen311Requests(db: Db, criteria: Open311Criteria) {
  let query = db
    .selectFrom('repairRequests as r')
    .innerJoin('energyCompanies as c', 'c.id', 'r.companyId')
    .select([
      'r.id',
      'r.status',
      'r.problemType',
      'r.reference',
      'r.address',
      'r.latitude',
      'r.longitude',
      'r.createdAt',
      'r.updatedAt',
      'r.dueAt',
      'r.duplicateOfId',
      'c.fullName as companyName',
    ]);
  if (criteria.ids) query = query.where('r.id', 'in', criteria.ids);
  else {
    if (criteria.from) query = query.where('r.createdAt', '>=', criteria.from);
    if (criteria.to) query = query.where('r.createdAt', '<=', criteria.to);
    if (criteria.problemTypes) query = query.where('r.problemType', 'in', criteria.problemTypes);
    if (criteria.statuses) query = query.where('r.status', 'in', criteria.statuses);
  }
  return query.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(criteria.limit).execute();
}

export type Open311RequestRow = Awaited<ReturnType<typeof listOpen311Requests>>[number];
