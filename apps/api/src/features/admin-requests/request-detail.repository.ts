// One request as an operator sees it, within the caller's company scope, and its history.
import type { Db, Trx } from '../../db/database.ts';
import { applyScope, type Scope } from './admin-requests.filters.ts';

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
    ])
    .where('requestId', '=', requestId)
    .orderBy('id')
    .execute();
}
