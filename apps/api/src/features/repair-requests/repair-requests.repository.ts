import type { RequestStatus } from '@acende/shared/enums';
import type { Db, Trx } from '../../db/database.ts';
import type { NewRepairRequest } from '../../db/schema.ts';

export function findByIdempotencyKey(db: Db, key: string) {
  return db
    .selectFrom('repairRequests')
    .innerJoin('energyCompanies', 'energyCompanies.id', 'repairRequests.companyId')
    .select(['repairRequests.id', 'repairRequests.idempotencyHash', 'energyCompanies.name as companyName'])
    .where('repairRequests.idempotencyKey', '=', key)
    .executeTakeFirst();
}

export async function insertRequest(trx: Trx, values: NewRepairRequest): Promise<number> {
  const row = await trx.insertInto('repairRequests').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertEvent(
  trx: Trx,
  event: {
    requestId: number;
    kind: string;
    actorId?: number | null;
    actorName?: string | null;
    fromStatus?: RequestStatus | null;
    toStatus?: RequestStatus | null;
    assignedToId?: number | null;
    assignedTo?: string | null;
    notes?: string | null;
    createdAt: string;
  },
): Promise<void> {
  await trx.insertInto('requestEvents').values(event).execute();
}

export function findPublicRequest(db: Db, id: number) {
  return db
    .selectFrom('repairRequests')
    .innerJoin('energyCompanies', 'energyCompanies.id', 'repairRequests.companyId')
    .select([
      'repairRequests.id',
      'repairRequests.name',
      'repairRequests.phone',
      'repairRequests.email',
      'repairRequests.address',
      'repairRequests.reference',
      'repairRequests.problemType',
      'repairRequests.latitude',
      'repairRequests.longitude',
      'repairRequests.companyId',
      'repairRequests.status',
      'repairRequests.trackingTokenHash',
      'repairRequests.createdAt',
      'repairRequests.updatedAt',
      'energyCompanies.name as companyName',
      'energyCompanies.fullName as companyFullName',
    ])
    .where('repairRequests.id', '=', id)
    .executeTakeFirst();
}

/** Status changes only: the public timeline never names the operator. */
export function listStatusTimeline(db: Db, requestId: number) {
  return db
    .selectFrom('requestEvents')
    .select(['toStatus', 'createdAt'])
    .where('requestId', '=', requestId)
    .where('toStatus', 'is not', null)
    .orderBy('id')
    .execute();
}
