// The tracking read's query (request-statements.ts compiles it once per database): the
// request's public columns, its company, its status changes, its rating and whether it moved.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The tracking read's query of request `r`: its public columns, company, status changes, rating, transfer. */
export function publicRequestQuery(k: Kysely<Database>, postgres: boolean) {
  // The status changes of request `r`, oldest first, as [status, at, kind] triples (kind tells a reopen).
  const timeline: RawBuilder<[string, string, string][] | string> = postgres
    ? sql<
        [string, string, string][]
      >`(select coalesce(json_agg(json_build_array(e.to_status, e.created_at, e.kind) order by e.id), '[]')
        from request_events e where e.request_id = r.id and e.to_status is not null)`
    : sql<string>`(select json_group_array(json_array(to_status, created_at, kind)) from (select to_status, created_at, kind
        from request_events where request_id = r.id and to_status is not null order by id))`;
  // Ever moved to another company (decision 0052); the reason and companies stay the operators'.
  const transferred = sql<boolean | number>`exists (select 1 from request_events e
    where e.request_id = r.id and e.kind = 'transferred')`;
  return k
    .selectFrom('repairRequests as r')
    .innerJoin('energyCompanies as c', 'c.id', 'r.companyId')
    .select([
      'r.id',
      'r.name',
      'r.phone',
      'r.email',
      'r.address',
      'r.reference',
      'r.problemType',
      'r.latitude',
      'r.longitude',
      'r.companyId',
      'r.poleNumber',
      'r.status',
      'r.duplicateOfId',
      'r.trackingTokenHash',
      'r.createdAt',
      'r.updatedAt',
      'r.closedAt',
      'r.dueAt',
      'c.name as companyName',
      'c.fullName as companyFullName',
    ])
    .select(timeline.as('timeline'))
    .select((eb) => [
      eb.selectFrom('requestRatings as g').select('g.score').whereRef('g.requestId', '=', 'r.id').as('ratingScore'),
      eb.selectFrom('requestRatings as g').select('g.createdAt').whereRef('g.requestId', '=', 'r.id').as('ratedAt'),
    ])
    .select(transferred.as('transferred'));
}
