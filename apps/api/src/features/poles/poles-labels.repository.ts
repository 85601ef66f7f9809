// The rows QR labels are printed from: a selection of poles by id, or a whole company's
// read in keyset batches so a company of any size is never held whole. Every read takes
// the caller's company scope (null = every company).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';

export interface LabelRow {
  id: number;
  companyId: number;
  number: string;
  companyName: string;
}

function labelRows(db: Db) {
  return db
    .selectFrom('poles')
    .innerJoin('energyCompanies', 'energyCompanies.id', 'poles.companyId')
    .select(['poles.id', 'poles.companyId', 'poles.number', 'energyCompanies.name as companyName']);
}

/** The poles of `ids` that exist within the scope; the others are simply absent. */
export async function findLabelRowsByIds(db: Db, ids: number[], scope: number[] | null): Promise<LabelRow[]> {
  let query = labelRows(db).where('poles.id', 'in', ids);
  if (scope) query = query.where('poles.companyId', 'in', scope);
  return query.execute();
}

/** The company, when it exists and is within the scope. */
export function findScopedCompany(db: Db, id: number, scope: number[] | null) {
  if (scope && !scope.includes(id)) return Promise.resolve(undefined);
  return db.selectFrom('energyCompanies').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function countCompanyPoles(db: Db, companyId: number, includeInactive: boolean): Promise<number> {
  let query = db
    .selectFrom('poles')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('companyId', '=', companyId);
  if (!includeInactive) query = query.where('active', '=', 1);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The company's poles in the order they were registered, `batchSize` at a time (keyset on id). */
export async function* iterateCompanyPoles(
  db: Db,
  companyId: number,
  includeInactive: boolean,
  batchSize = 500,
): AsyncGenerator<LabelRow[]> {
  let after = 0;
  for (;;) {
    let query = labelRows(db)
      .where('poles.companyId', '=', companyId)
      .where('poles.id', '>', after)
      .orderBy('poles.id')
      .limit(batchSize);
    if (!includeInactive) query = query.where('poles.active', '=', 1);
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = (rows[rows.length - 1] as LabelRow).id;
    // better-sqlite3 answers synchronously: let other requests and the socket have a turn.
    await nextTurn();
  }
}
