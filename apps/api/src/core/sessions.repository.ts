import type { Db, Trx } from '../db/database.ts';

export async function findSessionAccount(db: Db, idHash: string) {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.id', 'sessions.adminId')
    .leftJoin('adminTwoFactor', 'adminTwoFactor.adminId', 'sessions.adminId')
    .leftJoin('crews', 'crews.id', 'admins.crewId')
    .select([
      'adminTwoFactor.enabledAt as twoFactorEnabledAt',
      'sessions.adminId',
      'sessions.lastSeenAt',
      'sessions.expiresAt',
      'admins.username',
      'admins.name',
      'admins.email',
      'admins.role',
      'admins.language',
      'admins.crewId',
    ])
    .where('sessions.idHash', '=', idHash)
    .where('admins.active', '=', 1)
    // A crew account's sessions stop working while its crew is switched off (decision 0068).
    .where((eb) => eb.or([eb('admins.role', '!=', 'crew'), eb('crews.active', '=', 1)]))
    .executeTakeFirst();
  if (!row) return undefined;
  const links = await db.selectFrom('adminCompanies').select('companyId').where('adminId', '=', row.adminId).execute();
  return { ...row, companyIds: links.map((l) => l.companyId).sort((a, b) => a - b) };
}

export async function insertSession(
  db: Db | Trx,
  session: {
    idHash: string;
    adminId: number;
    now: string;
    expiresAt: string;
    userAgent: string | null;
    ip: string | null;
  },
) {
  await db
    .insertInto('sessions')
    .values({
      idHash: session.idHash,
      adminId: session.adminId,
      createdAt: session.now,
      lastSeenAt: session.now,
      expiresAt: session.expiresAt,
      userAgent: session.userAgent,
      ip: session.ip,
    })
    .execute();
}

export async function touchSession(db: Db, idHash: string, now: string) {
  await db.updateTable('sessions').set({ lastSeenAt: now }).where('idHash', '=', idHash).execute();
}

export async function deleteSession(db: Db, idHash: string) {
  await db.deleteFrom('sessions').where('idHash', '=', idHash).execute();
}

/** Ends every session of an account (password change, reset, deactivation). */
export async function deleteSessionsOf(db: Db, adminId: number) {
  await db.deleteFrom('sessions').where('adminId', '=', adminId).execute();
}

/** Every session of the account but the caller's own. */
export async function deleteSessionsOfExcept(db: Db | Trx, adminId: number, keepIdHash: string) {
  await db.deleteFrom('sessions').where('adminId', '=', adminId).where('idHash', '!=', keepIdHash).execute();
}

export async function deleteExpiredSessions(db: Db, idleBefore: string, now: string) {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('lastSeenAt', '<', idleBefore), eb('expiresAt', '<', now)]))
    .execute();
}
