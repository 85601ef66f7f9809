// SQL of each company's materials list (migration 0061, decision 0068).
import type { Db, Trx } from '../../db/database.ts';

const COLUMNS = ['id', 'companyId', 'name', 'unit', 'active'] as const;

/** Materials of the companies in `scope` (null: every company), by company and name. */
export function listMaterials(db: Db, scope: number[] | null, companyId?: number) {
  let query = db.selectFrom('materials').select(COLUMNS);
  if (scope) query = query.where('companyId', 'in', scope.length > 0 ? scope : [0]);
  if (companyId !== undefined) query = query.where('companyId', '=', companyId);
  return query.orderBy('companyId').orderBy('name').orderBy('id').execute();
}

export function findMaterial(db: Db | Trx, id: number) {
  return db.selectFrom('materials').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('energyCompanies').select('id').where('id', '=', companyId).executeTakeFirst();
  return row !== undefined;
}

export async function insertMaterial(
  db: Trx,
  values: { companyId: number; name: string; unit: string; createdAt: string; updatedAt: string },
): Promise<number> {
  const row = await db.insertInto('materials').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMaterial(
  db: Trx,
  id: number,
  values: { name: string; unit: string; active: number; updatedAt: string },
) {
  await db.updateTable('materials').set(values).where('id', '=', id).execute();
}
