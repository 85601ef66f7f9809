// One request as an operator sees it, within the caller's company scope, its history, and
// the other requests still waiting on the same pole.
import { SAME_POLE_LIMIT } from '@acende/shared/schemas/admin-requests';
import type { Db, Trx } from '../../db/database.ts';
import { applyScope, type Scope } from './scope.ts';

export function findRequest(db: Db | Trx, scope: Scope, id: number) {
  return applyScope(db.selectFrom('repairRequests'), scope)
    .innerJoin('energyCompanies', 'energyCompanies.id', 'repairRequests.companyId')
    .leftJoin('admins', 'admins.id', 'repairRequests.assignedToId')
    .select([
      'repairRequests.id',
      'repairRequests.name',
      'repairRequests.email',
      'repairRequests.phone',
      'repairRequests.address',
      'repairRequests.reference',
      'repairRequests.problemType',
      'repairRequests.latitude',
      'repairRequests.longitude',
      'repairRequests.district',
      'repairRequests.city',
      'repairRequests.status',
      'repairRequests.notes',
      'repairRequests.language',
      'repairRequests.companyId',
      'repairRequests.assignedToId',
      'repairRequests.assignedTo',
      'repairRequests.poleNumber',
      'repairRequests.poleId',
      'repairRequests.mediaUrl',
      'repairRequests.closedAt',
      'repairRequests.dueAt',
      'repairRequests.anonymizedAt',
      'repairRequests.duplicateOfId',
      'repairRequests.statusEmailsOffAt',
      'repairRequests.createdAt',
      'repairRequests.updatedAt',
      'energyCompanies.name as companyName',
      'energyCompanies.fullName as companyFullName',
      'energyCompanies.colorClass as companyColorClass',
      'energyCompanies.iconClass as companyIconClass',
      'energyCompanies.active as companyActive',
      'admins.name as assigneeName',
      'admins.username as assigneeUsername',
      'admins.active as assigneeActive',
    ])
    .where('repairRequests.id', '=', id)
    .executeTakeFirst();
}

export function listEvents(db: Db | Trx, requestId: number) {
  return db
    .selectFrom('requestEvents')
    .select([
      'id',
      'kind',
      'createdAt',
      'actorId',
      'actorName',
      'fromStatus',
      'toStatus',
      'assignedToId',
      'assignedTo',
      'notes',
      'fromCompanyName',
      'toCompanyName',
    ])
    .where('requestId', '=', requestId)
    .orderBy('id')
    .execute();
}

/**
 * The other open or in-progress requests on a request's pole, newest first: by the registry's
 * pole when the request has one (index (pole_id, status) of migration 0026), else by the
 * number as filed within the request's company (numbers are unique per company, decision 20;
 * index of migration 0029).
 */
export function listOpenOnSamePole(
  db: Db | Trx,
  scope: Scope,
  request: { id: number; companyId: number; poleId: number | null; poleNumber: string | null },
) {
  let query = applyScope(db.selectFrom('repairRequests'), scope)
    .select(['repairRequests.id', 'repairRequests.status', 'repairRequests.createdAt'])
    .where('repairRequests.status', 'in', ['open', 'in_progress'])
    .where('repairRequests.id', '<>', request.id);
  if (request.poleId !== null) {
    query = query.where('repairRequests.poleId', '=', request.poleId);
  } else if (request.poleNumber !== null) {
    query = query
      .where('repairRequests.poleNumber', '=', request.poleNumber)
      .where('repairRequests.companyId', '=', request.companyId);
  } else {
    return Promise.resolve([]);
  }
  return query
    .orderBy('repairRequests.createdAt', 'desc')
    .orderBy('repairRequests.id', 'desc')
    .limit(SAME_POLE_LIMIT)
    .execute();
}
