// SQL of the Open311 API keys (migration 0042).
import type { Db } from '../../db/database.ts';

/** A key as the admin screen shows it: never the key or its hash. */
function keys(db: Db) {
  return db
    .selectFrom('open311Keys as k')
    .leftJoin('admins as a', 'a.id', 'k.createdById')
    .select(['k.id', 'k.name', 'k.keyPrefix', 'k.createdAt', 'a.username as createdBy', 'k.revokedAt', 'k.lastUsedAt']);
}

/** Active keys first, then the newest. */
export function listKeys(db: Db) {
  return keys(db)
    .orderBy('k.revokedAt', (o) => o.desc().nullsFirst())
    .orderBy('k.id', 'desc')
    .execute();
}

export function findKey(db: Db, id: number) {
  return keys(db).where('k.id', '=', id).executeTakeFirst();
}

export async function insertKey(
  db: Db,
  values: { name: string; keyHash: string; keyPrefix: string; createdById: number | null; createdAt: string },
): Promise<number> {
  const row = await db.insertInto('open311Keys').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes a key that is not revoked yet; false when there was none to revoke. */
export async function revokeKey(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('open311Keys')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The key with this hash, when it is not revoked; marks it used. */
export async function useActiveKey(db: Db, keyHash: string, now: string): Promise<{ id: number } | undefined> {
  return db
    .updateTable('open311Keys')
    .set({ lastUsedAt: now })
    .where('keyHash', '=', keyHash)
    .where('revokedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
}
