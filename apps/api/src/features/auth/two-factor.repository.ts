// Two-factor rows (migration 0031): the sealed TOTP secret and last accepted step per
// account, its hashed recovery codes, and sign-ins waiting for their second factor.
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

export function findTwoFactor(db: Db | Trx, adminId: number) {
  return db
    .selectFrom('adminTwoFactor')
    .select(['secretSealed', 'enabledAt', 'lastStep'])
    .where('adminId', '=', adminId)
    .executeTakeFirst();
}

/** Stores a new secret awaiting confirmation; an enabled second factor is left as it is. */
export async function saveSecretToConfirm(db: Db | Trx, adminId: number, secretSealed: string, now: string) {
  await db
    .insertInto('adminTwoFactor')
    .values({ adminId, secretSealed, enabledAt: null, lastStep: null, createdAt: now })
    .onConflict((oc) =>
      oc
        .column('adminId')
        .doUpdateSet({ secretSealed, lastStep: null, createdAt: now })
        .where('adminTwoFactor.enabledAt', 'is', null),
    )
    .execute();
}

/**
 * Accepts TOTP time step `step` for the account only if it is later than the last one
 * accepted, in one conditional UPDATE: of concurrent requests carrying the same code, at
 * most one changes the row. `enabled` says whether the second factor must be on (sign-in,
 * disable) or still awaiting confirmation (enrolment).
 */
/**
 * Spends a time step: true when it is later than the last one accepted, or when the last one
 * is more than `windowSteps` each way ahead of it (no code of the last step could be current:
 * the server's clock went back, and refusing would lock the account out until it caught up).
 */
export async function acceptStep(
  db: Db | Trx,
  adminId: number,
  step: number,
  enabled: boolean,
  windowSteps: number,
): Promise<boolean> {
  const result = await db
    .updateTable('adminTwoFactor')
    .set({ lastStep: step })
    .where('adminId', '=', adminId)
    .where('enabledAt', enabled ? 'is not' : 'is', null)
    .where((eb) =>
      eb.or([eb('lastStep', 'is', null), eb('lastStep', '<', step), eb('lastStep', '>', step + 2 * windowSteps)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markEnabled(trx: Trx, adminId: number, now: string) {
  await trx.updateTable('adminTwoFactor').set({ enabledAt: now }).where('adminId', '=', adminId).execute();
}

export async function insertRecoveryCodes(trx: Trx, adminId: number, codeHashes: string[]) {
  await trx.deleteFrom('adminRecoveryCodes').where('adminId', '=', adminId).execute();
  await trx
    .insertInto('adminRecoveryCodes')
    .values(codeHashes.map((codeHash) => ({ adminId, codeHash, usedAt: null })))
    .execute();
}

/** Marks an unused recovery code used, atomically: true only for the one request that did. */
export async function useRecoveryCode(db: Db, adminId: number, codeHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('adminRecoveryCodes')
    .set({ usedAt: now })
    .where('adminId', '=', adminId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: Db, adminId: number): Promise<number> {
  const row = await db
    .selectFrom('adminRecoveryCodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('adminId', '=', adminId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Removes the account's second factor, its recovery codes and its waiting sign-ins. */
export async function deleteTwoFactor(trx: Trx, adminId: number) {
  await trx.deleteFrom('adminRecoveryCodes').where('adminId', '=', adminId).execute();
  await trx.deleteFrom('adminTwoFactor').where('adminId', '=', adminId).execute();
  await trx.deleteFrom('pendingSignIns').where('adminId', '=', adminId).execute();
}

export async function insertPendingSignIn(db: Db, idHash: string, adminId: number, expiresAt: string) {
  await db.insertInto('pendingSignIns').values({ idHash, adminId, expiresAt }).execute();
}

export function findPendingSignIn(db: Db, idHash: string, now: string) {
  return db
    .selectFrom('pendingSignIns')
    .innerJoin('admins', 'admins.id', 'pendingSignIns.adminId')
    .select(['admins.id', 'admins.username', 'admins.active'])
    .where('pendingSignIns.idHash', '=', idHash)
    .where('pendingSignIns.expiresAt', '>', now)
    .executeTakeFirst();
}

/** Ends a waiting sign-in; true only for the one request that ended it (it is single-use). */
export async function consumePendingSignIn(db: Db, idHash: string, now: string): Promise<boolean> {
  const result = await db
    .deleteFrom('pendingSignIns')
    .where('idHash', '=', idHash)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteExpiredPendingSignIns(db: Db, now: string) {
  await db.deleteFrom('pendingSignIns').where('expiresAt', '<=', now).execute();
}

/** Which of these accounts have a second factor on (the users list). */
export async function twoFactorEnabledAmong(db: Db | Trx, adminIds: number[]): Promise<Set<number>> {
  if (adminIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('adminTwoFactor')
    .select('adminId')
    .where('adminId', 'in', adminIds)
    .where(sql<boolean>`enabled_at is not null`)
    .execute();
  return new Set(rows.map((r) => r.adminId));
}
