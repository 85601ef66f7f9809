import type { Db, Trx } from '../../db/database.ts';

export function findAccountByUsername(db: Db, username: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'username', 'name', 'email', 'role', 'language', 'passwordHash', 'active'])
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function findUsername(db: Db | Trx, adminId: number): Promise<string | undefined> {
  const row = await db.selectFrom('admins').select('username').where('id', '=', adminId).executeTakeFirst();
  return row?.username;
}

/** A crew account's own state and its crew's (decision 0068); undefined for an unknown id. */
export function findCrewSignIn(db: Db | Trx, adminId: number) {
  return db
    .selectFrom('admins')
    .leftJoin('crews', 'crews.id', 'admins.crewId')
    .select(['admins.role', 'admins.active', 'crews.active as crewActive'])
    .where('admins.id', '=', adminId)
    .executeTakeFirst();
}

export async function findPasswordHash(db: Db, adminId: number) {
  const row = await db.selectFrom('admins').select('passwordHash').where('id', '=', adminId).executeTakeFirst();
  return row?.passwordHash;
}

export async function setPasswordHash(db: Db, adminId: number, passwordHash: string, now: string) {
  await db.updateTable('admins').set({ passwordHash, updatedAt: now }).where('id', '=', adminId).execute();
}

export async function companyIdsOf(db: Db, adminId: number): Promise<number[]> {
  const links = await db.selectFrom('adminCompanies').select('companyId').where('adminId', '=', adminId).execute();
  return links.map((l) => l.companyId).sort((a, b) => a - b);
}
