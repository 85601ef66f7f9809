// The import's SQL: a company's poles as they stand, and batched upserts by (company, number).
import type { Db, Trx } from '../../db/database.ts';
import type { NewPole } from '../../db/schema.ts';

export async function findCompanyExists(db: Db, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('energyCompanies').select('id').where('id', '=', companyId).executeTakeFirst();
  return row !== undefined;
}

export interface StoredPole {
  number: string;
  latitude: number;
  longitude: number;
  street: string | null;
  description: string | null;
  active: number;
}

/** Every pole of the company (what an import compares the file with). */
export async function listCompanyPoles(db: Db, companyId: number): Promise<StoredPole[]> {
  return db
    .selectFrom('poles')
    .select(['number', 'latitude', 'longitude', 'street', 'description', 'active'])
    .where('companyId', '=', companyId)
    .execute();
}

/**
 * Inserts `rows` in one multi-row statement; a row whose (company, number) exists updates
 * that pole in place (its id, and so its QR label, stays; created_at too).
 */
export async function upsertPoles(trx: Trx, rows: NewPole[]): Promise<void> {
  await trx
    .insertInto('poles')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['companyId', 'number']).doUpdateSet((eb) => ({
        latitude: eb.ref('excluded.latitude'),
        longitude: eb.ref('excluded.longitude'),
        street: eb.ref('excluded.street'),
        description: eb.ref('excluded.description'),
        active: eb.ref('excluded.active'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
}
