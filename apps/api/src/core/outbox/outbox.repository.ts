// SQL of the e-mail outbox. A row is claimed by setting a lease (outbox-claim.ts).
import type { Db } from '../../db/database.ts';
import { claimDue } from './outbox-claim.ts';

export interface NewOutboxEmail {
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  messageId: string;
  requestId: number | null;
  adminId: number | null;
  createdAt: string;
}

export async function insertOutboxEmail(db: Db, email: NewOutboxEmail): Promise<number> {
  const row = await db
    .insertInto('emailOutbox')
    .values({ ...email, status: 'pending', attempts: 0, nextAttemptAt: email.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Claims up to `limit` due e-mails until `leaseUntil`; each claim counts as an attempt. */
export function claimDueEmails(db: Db, now: string, leaseUntil: string, limit: number) {
  return claimDue(db, 'emailOutbox', { now, leaseUntil, limit });
}

// A sent or abandoned e-mail keeps its envelope (kind, address, subject, Message-ID, times)
// but not its body: bodies hold tracking and reset links with their tokens, which nothing
// stored may give away (decision 0001), and the citizen's contact details.
const NO_BODY = { textBody: '', htmlBody: '' };

export async function markEmailSent(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set({ status: 'sent', sentAt: now, claimedUntil: null, lastError: null, ...NO_BODY })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: retried at `nextAttemptAt`, or given up ('failed') when that is null. */
export async function markEmailFailed(db: Db, id: number, error: string, nextAttemptAt: string | null): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set(
      nextAttemptAt
        ? { lastError: error, nextAttemptAt, claimedUntil: null }
        : { lastError: error, status: 'failed', claimedUntil: null, ...NO_BODY },
    )
    .where('id', '=', id)
    // An e-mail whose request was anonymised while it was being sent keeps no server error,
    // which often quotes the address (decision 0027).
    .where('toAddress', '!=', '')
    .execute();
}

/** How many e-mails of a kind an account was sent (or queued) since a moment. */
export async function countRecentEmails(db: Db, adminId: number, kind: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('emailOutbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('adminId', '=', adminId)
    .where('kind', '=', kind)
    .where('createdAt', '>', since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The e-mails still to send (sent and abandoned ones aside): how many, and when the oldest was written. */
export async function readUnsentBacklog(db: Db): Promise<{ count: number; oldestCreatedAt: string | null }> {
  const row = await db
    .selectFrom('emailOutbox')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('createdAt').as('oldestCreatedAt')])
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldestCreatedAt: row?.oldestCreatedAt ?? null };
}

/** Whether a request's confirmation e-mail was queued (sent or not since). */
export async function hasConfirmationEmail(db: Db, requestId: number): Promise<boolean> {
  const row = await db
    .selectFrom('emailOutbox')
    .select('id')
    .where('requestId', '=', requestId)
    .where('kind', '=', 'request_confirmation')
    .executeTakeFirst();
  return row !== undefined;
}
