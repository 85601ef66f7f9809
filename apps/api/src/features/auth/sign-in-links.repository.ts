// One-time sign-in links (sign_in_links, decision 0042): one row per account, the live
// link's SHA-256 or null once spent. Issuing and spending are each one conditional
// statement, so concurrent sign-ins on any instance issue one link per window and a link
// signs in once.
import type { Db } from '../../db/database.ts';

/** The account a link may be sent to: active, with its e-mail and language. */
export function findLinkableAccount(db: Db, username: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'username', 'name', 'email', 'language'])
    .where('username', '=', username.trim().toLowerCase())
    .where('active', '=', 1)
    .executeTakeFirst();
}

/**
 * Stores a new link for the account unless one was sent after `resendAfter`: answers true
 * when this call issued it (and so is the one to send it), false when an earlier one stands.
 */
export async function issueSignInLink(
  db: Db,
  link: { adminId: number; tokenHash: string; expiresAt: string; now: string },
  resendAfter: string,
): Promise<boolean> {
  const row = await db
    .insertInto('signInLinks')
    .values({ adminId: link.adminId, tokenHash: link.tokenHash, expiresAt: link.expiresAt, sentAt: link.now })
    .onConflict((oc) =>
      oc
        .column('adminId')
        .doUpdateSet({ tokenHash: link.tokenHash, expiresAt: link.expiresAt, sentAt: link.now })
        .where('signInLinks.sentAt', '<=', resendAfter),
    )
    .returning('adminId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Spends a live link: answers its active account's id, or undefined (unknown, spent, expired, inactive). */
export async function spendSignInLink(db: Db, tokenHash: string, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('signInLinks')
    .set({ tokenHash: null })
    .where('tokenHash', '=', tokenHash)
    .where('expiresAt', '>', now)
    .where('adminId', 'in', (qb) => qb.selectFrom('admins').select('id').where('active', '=', 1))
    .returning('adminId')
    .executeTakeFirst();
  return row?.adminId;
}
