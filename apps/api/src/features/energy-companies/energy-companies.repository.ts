import type { ExpressionBuilder } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { Database, NewEnergyCompany } from '../../db/schema.ts';

// Administrators' registry (decision 0002 §11): every company, active or not, with how many
// requests refer to it, from the per company × status counters (migration 0006).
const requestCount = (eb: ExpressionBuilder<Database, 'energyCompanies'>) =>
  eb
    .selectFrom('requestCounters')
    .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('requestCounters.n'), sub.lit(0)).as('n'))
    .whereRef('requestCounters.companyId', '=', 'energyCompanies.id')
    .as('requestCount');

const ADMIN_COLUMNS = [
  'energyCompanies.id',
  'energyCompanies.name',
  'energyCompanies.fullName',
  'energyCompanies.colorClass',
  'energyCompanies.iconClass',
  'energyCompanies.active',
  'energyCompanies.createdAt',
  'energyCompanies.updatedAt',
] as const;

export function listAllCompanies(db: Db) {
  return db
    .selectFrom('energyCompanies')
    .select([...ADMIN_COLUMNS, requestCount])
    .orderBy('energyCompanies.name')
    .orderBy('energyCompanies.id')
    .execute();
}

export function findCompany(db: Db, id: number) {
  return db
    .selectFrom('energyCompanies')
    .select([...ADMIN_COLUMNS, requestCount])
    .where('energyCompanies.id', '=', id)
    .executeTakeFirst();
}

export async function insertCompany(db: Db, values: NewEnergyCompany): Promise<number> {
  const row = await db.insertInto('energyCompanies').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCompany(
  db: Db,
  id: number,
  values: Pick<NewEnergyCompany, 'name' | 'fullName' | 'colorClass' | 'iconClass' | 'active' | 'updatedAt'>,
): Promise<boolean> {
  const result = await db.updateTable('energyCompanies').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a company no request refers to; answers 'deleted', 'in-use' or 'missing'. Run it in a transaction. */
export async function deleteUnusedCompany(trx: Trx, id: number): Promise<'deleted' | 'in-use' | 'missing'> {
  const used = await trx
    .selectFrom('repairRequests')
    .select('id')
    .where('companyId', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (used) return 'in-use';
  const result = await trx.deleteFrom('energyCompanies').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? 'deleted' : 'missing';
}
