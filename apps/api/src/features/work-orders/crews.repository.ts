// SQL of crews (migration 0060).
import type { Db } from '../../db/database.ts';

function crews(db: Db) {
  return db
    .selectFrom('crews as c')
    .innerJoin('energyCompanies as e', 'e.id', 'c.companyId')
    .select(['c.id', 'c.companyId', 'e.name as companyName', 'c.name', 'c.active', 'c.createdAt']);
}

/** Crews of the companies in `scope` (null: every company), by company and name. */
export function listCrews(db: Db, scope: number[] | null, companyId?: number) {
  let query = crews(db);
  if (scope) query = query.where('c.companyId', 'in', scope.length > 0 ? scope : [0]);
  if (companyId !== undefined) query = query.where('c.companyId', '=', companyId);
  return query.orderBy('e.name').orderBy('c.name').orderBy('c.id').execute();
}

export function findCrew(db: Db, id: number) {
  return crews(db).where('c.id', '=', id).executeTakeFirst();
}

export async function insertCrew(
  db: Db,
  values: { companyId: number; name: string; createdAt: string; updatedAt: string },
): Promise<number> {
  const row = await db.insertInto('crews').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCrew(db: Db, id: number, values: { name?: string; active?: number; updatedAt: string }) {
  await db.updateTable('crews').set(values).where('id', '=', id).execute();
}
