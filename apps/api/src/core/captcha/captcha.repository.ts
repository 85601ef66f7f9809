// SQL for captcha: the settings row and the spent ALTCHA challenges.
import type { Db } from '../../db/database.ts';

/**
 * Records a challenge as spent. False when it was already spent (a replay). Expired
 * rows are cleared on the way, so the table holds only live challenges.
 */
export async function markChallengeSpent(db: Db, signature: string, expiresAt: string, now: string): Promise<boolean> {
  await db.deleteFrom('captchaUsed').where('expiresAt', '<', now).execute();
  const result = await db
    .insertInto('captchaUsed')
    .values({ signature, expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
