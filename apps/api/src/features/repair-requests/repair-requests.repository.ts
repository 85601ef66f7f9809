import type { RequestStatus } from '@acende/shared/enums';
import { sql } from 'kysely';
import { type Db, type Dialect, dialectOf, type Trx } from '../../db/database.ts';
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
      statusTimeline(dialectOf(db)).as('timeline'),
    ])
    .where('repairRequests.id', '=', id)
    .executeTakeFirst();
}

/**
 * The status changes of the request as a JSON array of [status, at], in the same query as
 * the request (one round trip on the public hot path). SQLite answers it as JSON text.
 */
function statusTimeline(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql<
        [string, string][] | string
      >`(select coalesce(json_agg(json_build_array(e.to_status, e.created_at) order by e.id), '[]')
        from request_events e where e.request_id = repair_requests.id and e.to_status is not null)`
    : sql<
        [string, string][] | string
      >`(select json_group_array(json_array(to_status, created_at)) from (select to_status, created_at
        from request_events where request_id = repair_requests.id and to_status is not null order by id))`;
}
