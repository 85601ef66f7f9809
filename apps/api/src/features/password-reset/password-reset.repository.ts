import type { Db } from '../../db/database.ts';

export function findResettableAccount(db: Db, username: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'username', 'name', 'email', 'language'])
    .where('username', '=', username.trim().toLowerCase())
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** Stores the one live reset token of an account; any older one stops working. */
export async function setResetToken(db: Db, adminId: number, tokenHash: string, expiry: string, now: string) {
  await db
    .updateTable('admins')
    .set({ resetTokenHash: tokenHash, resetTokenExpiry: expiry, updatedAt: now })
    .where('id', '=', adminId)
    .execute();
}

export function findAccountByResetToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'username', 'resetTokenHash', 'resetTokenExpiry'])
    .where('resetTokenHash', '=', tokenHash)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** Sets the new password and spends the token; false when the token was spent meanwhile. */
export async function replacePasswordWithToken(
  db: Db,
  adminId: number,
  tokenHash: string,
  passwordHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('admins')
    .set({ passwordHash, resetTokenHash: null, resetTokenExpiry: null, updatedAt: now })
    .where('id', '=', adminId)
    .where('resetTokenHash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
