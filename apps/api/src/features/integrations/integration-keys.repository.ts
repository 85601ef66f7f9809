// SQL of the integration keys (migration 0059, decision 0066).
import type { Db, Trx } from '../../db/database.ts';

/** A key as the admin screen shows it: never the key or its hash. */
function keys(db: Db | Trx) {
  return db
    .selectFrom('integrationKeys as k')
    .innerJoin('energyCompanies as c', 'c.id', 'k.companyId')
    .leftJoin('admins as a', 'a.id', 'k.createdById')
    .select([
      'k.id',
      'k.companyId',
      'c.name as companyName',
      'k.name',
      'k.keyPrefix',
      'k.createdAt',
      'a.username as createdBy',
      'k.revokedAt',
      'k.lastUsedAt',
    ]);
}

/** Active keys first, then the newest. */
export function listKeys(db: Db) {
  return keys(db)
    .orderBy('k.revokedAt', (o) => o.desc().nullsFirst())
    .orderBy('k.id', 'desc')
    .execute();
}

export function findKey(db: Db | Trx, id: number) {
  return keys(db).where('k.id', '=', id).executeTakeFirst();
}

export async function companyExists(db: Db | Trx, companyId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('energyCompanies').select('id').where('id', '=', companyId).executeTakeFirst());
}

export async function insertKey(
  db: Trx,
  values: {
    companyId: number;
    name: string;
    keyHash: string;
    keyPrefix: string;
    createdById: number | null;
    createdAt: string;
  },
): Promise<number> {
  const row = await db.insertInto('integrationKeys').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes a key that is not revoked yet; false when there was none to revoke. */
export async function revokeKey(db: Trx, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('integrationKeys')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The key with this hash, when it is not revoked; marks it used. */
export function useActiveKey(db: Db, keyHash: string, now: string) {
  return db
    .updateTable('integrationKeys')
    .set({ lastUsedAt: now })
    .where('keyHash', '=', keyHash)
    .where('revokedAt', 'is', null)
    .returning(['id', 'companyId', 'name', 'keyPrefix'])
    .executeTakeFirst();
}
