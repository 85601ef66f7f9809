// SQL of the Open311 reads (decisions 0038, 0064): requests as GeoReport v2 shows them, their
// status changes as FixMyStreet's updates, a POST's token. No contact field (name, phone,
// e-mail) is ever selected, so none can reach an answer.
import { sql } from 'kysely';
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
      'r.mediaUrl',
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

/**
 * The status changes filed between `from` and `to` (inclusive, ISO text as stored), oldest
 * first: every event that set a status but the filing's own, and every merge as a duplicate
 * (which may leave the status as it was). `kind <> 'created'` is the index's own condition
 * (migration 0056), written as a literal as it is there, not a bound value: SQLite uses a
 * partial index only for the very term (both engines' plans checked).
 */
export function listStatusUpdates(db: Db, criteria: { from: string; to: string; limit: number }) {
  return db
    .selectFrom('requestEvents as e')
    .select(['e.id', 'e.requestId', 'e.kind', 'e.toStatus', 'e.notes', 'e.createdAt'])
    .where('e.kind', '<>', sql.lit('created'))
    .where('e.createdAt', '>=', criteria.from)
    .where('e.createdAt', '<=', criteria.to)
    .where((eb) => eb.or([eb('e.toStatus', 'is not', null), eb('e.kind', '=', 'duplicate')]))
    .orderBy('e.createdAt')
    .orderBy('e.id')
    .limit(criteria.limit)
    .execute();
}

export type StatusUpdateRow = Awaited<ReturnType<typeof listStatusUpdates>>[number];

/** The request whose tracking token hashes to `hash` (one seek: migration 0056's index). */
export function findRequestIdByTokenHash(db: Db, hash: string) {
  return db.selectFrom('repairRequests').select('id').where('trackingTokenHash', '=', hash).executeTakeFirst();
}
