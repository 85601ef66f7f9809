// One pole by its company and number, as the QR address and the typed number look it up,
// and the pole a filing names, as the filing checks it (issue 21).
import type { Db } from '../../db/database.ts';

/** An active pole of an active company, with its company's name and the newest open request on it. */
export function findActivePoleByNumber(db: Db, companyId: number, number: string) {
  return db
    .selectFrom('poles as p')
    .innerJoin('energyCompanies as c', 'c.id', 'p.companyId')
    .select((eb) => [
      'p.id',
      'p.companyId',
      'p.number',
      'p.latitude',
      'p.longitude',
      'p.street',
      'c.name as companyName',
      // Served by repair_requests_pole_idx (pole_id, status).
      eb
        .selectFrom('repairRequests as r')
        .select('r.id')
        .whereRef('r.poleId', '=', 'p.id')
        .where('r.status', 'in', ['open', 'in_progress'])
        .orderBy('r.id', 'desc')
        .limit(1)
        .as('openRequestId'),
    ])
    .where('p.companyId', '=', companyId)
    .where('p.number', '=', number)
    .where('p.active', '=', 1)
    .where('c.active', '=', 1)
    .executeTakeFirst();
}

/** The active poles among `ids`, by id: their company and number. */
export async function findActivePoles(db: Db, ids: number[]) {
  const rows = await db
    .selectFrom('poles')
    .select(['id', 'companyId', 'number'])
    .where('id', 'in', ids)
    .where('active', '=', 1)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
