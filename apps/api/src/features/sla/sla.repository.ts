// SQL of the repair targets admins set (decision 0029); a request's due time and the overdue
// counts are core/deadlines.repository.ts.
import type { Db, Trx } from '../../db/database.ts';

export async function listDefaultTargets(db: Db | Trx) {
  return db.selectFrom('repairTargets').select(['problemType', 'hours']).orderBy('problemType').execute();
}

export async function listCompanyTargets(db: Db | Trx) {
  return db
    .selectFrom('companyRepairTargets')
    .select(['companyId', 'problemType', 'hours'])
    .orderBy('companyId')
    .orderBy('problemType')
    .execute();
}

export async function listCompanyIds(db: Db | Trx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('energyCompanies').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

export async function replaceTargets(
  trx: Trx,
  defaults: { problemType: string; hours: number }[],
  overrides: { companyId: number; problemType: string; hours: number }[],
  now: string,
): Promise<void> {
  for (const target of defaults) {
    await trx
      .insertInto('repairTargets')
      .values({ ...target, updatedAt: now })
      .onConflict((c) => c.column('problemType').doUpdateSet({ hours: target.hours, updatedAt: now }))
      .execute();
  }
  await trx.deleteFrom('companyRepairTargets').execute();
  if (overrides.length > 0) {
    await trx
      .insertInto('companyRepairTargets')
      .values(overrides.map((o) => ({ ...o, updatedAt: now })))
      .execute();
  }
}
