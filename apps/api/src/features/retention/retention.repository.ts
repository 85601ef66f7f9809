// Retention's SQL (decision 0027): the claim of due requests and their anonymisation in one
// conditional UPDATE, the scrub of their e-mails' envelopes, the history events, and the
// audit log's sweep. Every write takes the caller's transaction.
import type { ExpressionBuilder } from 'kysely';
import { deleteSubscriptionsOfRequests } from '../../core/channels/push-subscriptions.repository.ts';
import { deleteFollowersOfRequests } from '../../core/followers/followers.repository.ts';
import { clearRatingComments } from '../../core/ratings/ratings.repository.ts';
import { type Db, dialectOf, type Trx } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type AnonymizedPlace, PLACE_COLUMNS } from './retention.free-text.ts';

/**
 * What an anonymised request keeps in place of its contact data (phone is NOT NULL: empty,
 * never a number). The reference is the citizen's free text, where a phone or a name may
 * be written (decision 0043); the address is cut by scrubCitizenText. The filing's idempotency hashes go too: the body's hash is an unkeyed
 * SHA-256 of the whole form, contact included, which a guess of name and phone could be
 * tested against offline.
 */
export const ANONYMIZED_CONTACT = {
  name: null,
  email: null,
  phone: '',
  // The number SMS went to (issue 36).
  smsTo: null,
  whatsappTo: null,
  reference: null,
  // An Open311 client's photo link (decision 0064): the photo may show the citizen or their
  // door, and its address may carry their name or e-mail.
  mediaUrl: null,
  idempotencyHash: null,
  idempotencyKeyHash: null,
} as const;

/** An anonymised request, with the assignee its history event carries and its place. */
export interface AnonymizedRow extends AnonymizedPlace {
  assignedToId: number | null;
  assignedTo: string | null;
}

/**
 * Anonymises up to `limit` requests closed before `cutoff` and not yet anonymised, oldest
 * closing first, and answers their ids. The condition `anonymized_at is null` is checked
 * again by the UPDATE itself, so two instances sweeping at once never both take a row:
 * PostgreSQL's claim skips rows another transaction holds (and re-checks the condition on a
 * row committed meanwhile), SQLite's single writer runs the statement whole.
 */
export async function anonymizeDueRequests(
  trx: Trx,
  cutoff: string,
  now: string,
  limit: number,
): Promise<AnonymizedRow[]> {
  const rows = await trx
    .with(
      // Materialised: with `id IN (subquery LIMIT n)` PostgreSQL may run the subquery again (see claimDueEmails).
      (cte) => cte('due').materialized(),
      (qb) => {
        const due = qb
          .selectFrom('repairRequests')
          .select('id')
          .where('closedAt', 'is not', null)
          .where('anonymizedAt', 'is', null)
          .where('closedAt', '<', cutoff)
          .orderBy('closedAt')
          .orderBy('id')
          .limit(limit);
        return dialectOf(trx) === 'postgres' ? due.forUpdate().skipLocked() : due;
      },
    )
    .updateTable('repairRequests')
    .set({ ...ANONYMIZED_CONTACT, anonymizedAt: now })
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .where('anonymizedAt', 'is', null)
    .where('status', 'in', ['completed', 'cancelled'])
    .returning([...PLACE_COLUMNS, 'assignedToId', 'assignedTo'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Anonymises one request (a citizen's request, any status) unless it already is; answers its place if it did. */
export async function anonymizeRequest(trx: Trx, id: number, now: string): Promise<AnonymizedPlace | undefined> {
  return trx
    .updateTable('repairRequests')
    .set({ ...ANONYMIZED_CONTACT, anonymizedAt: now })
    .where('id', '=', id)
    .where('anonymizedAt', 'is', null)
    .returning(PLACE_COLUMNS)
    .executeTakeFirst();
}

/**
 * The requests' e-mails lose their address and bodies (the subject names only the request's
 * number); one still waiting is given up rather than sent to nobody. The rows stay: they
 * say that the confirmation was sent (a replayed filing asks).
 */
export async function scrubRequestEmails(trx: Trx, requestIds: number[]): Promise<void> {
  if (requestIds.length === 0) return;
  // Followers are personal data of the request too (decision 0034): those following it, and
  // its filer where they follow the original of this duplicate. Their e-mails go the same way.
  const followers = await deleteFollowersOfRequests(trx, requestIds);
  // A rating's comment is the citizen's free text too (decision 0050); its score stays.
  await clearRatingComments(trx, requestIds);
  // The browsers subscribed to its notices (decision 0063) reach its filer: they go.
  await deleteSubscriptionsOfRequests(trx, requestIds);
  // A company system's stored answers (decision 0066) held its address as it was: a replay reads it anew.
  await trx.updateTable('integrationChanges').set({ answer: '' }).where('requestId', 'in', requestIds).execute();
  const elsewhere = followers.filter((f) => !requestIds.includes(f.requestId));
  await trx
    .updateTable('emailOutbox')
    .set({ toAddress: '', textBody: '', htmlBody: '', lastError: null })
    .where('requestId', 'in', requestIds)
    .execute();
  await trx
    .updateTable('emailOutbox')
    .set({ status: 'failed', claimedUntil: null, lastError: 'anonymized' })
    .where('requestId', 'in', requestIds)
    .where('status', '=', 'pending')
    .execute();
  // Their SMS lose number and text the same way; one still waiting is given up.
  await trx
    .updateTable('channelOutbox')
    .set({ status: 'failed', claimedUntil: null })
    .where('requestId', 'in', requestIds)
    .where('status', '=', 'pending')
    .execute();
  await trx
    .updateTable('channelOutbox')
    .set({ toAddress: '', body: '', lastError: 'anonymized' })
    .where('requestId', 'in', requestIds)
    .execute();
  for (const follower of elsewhere) {
    const theirs = (eb: ExpressionBuilder<Database, 'emailOutbox'>) =>
      eb.and([eb('requestId', '=', follower.requestId), eb('toAddress', '=', follower.email)]);
    // The waiting ones are given up first: blanking the address first would lose them.
    await trx
      .updateTable('emailOutbox')
      .set({ status: 'failed', claimedUntil: null, lastError: 'anonymized', toAddress: '', textBody: '', htmlBody: '' })
      .where(theirs)
      .where('status', '=', 'pending')
      .execute();
    await trx
      .updateTable('emailOutbox')
      .set({ toAddress: '', textBody: '', htmlBody: '', lastError: null })
      .where(theirs)
      .execute();
  }
}

/**
 * One 'anonymized' history event per request: operators see in the timeline why the contact
 * is gone. It carries the request's assignee: the history reads an event's assignee as the
 * one after it, so null would read as "unassigned".
 */
export async function insertAnonymizedEvents(
  trx: Trx,
  requests: Pick<AnonymizedRow, 'id' | 'assignedToId' | 'assignedTo'>[],
  actor: { id: number | null; name: string | null },
  now: string,
): Promise<void> {
  if (requests.length === 0) return;
  await trx
    .insertInto('requestEvents')
    .values(
      requests.map((request) => ({
        requestId: request.id,
        kind: 'anonymized',
        actorId: actor.id,
        actorName: actor.name,
        fromStatus: null,
        toStatus: null,
        assignedToId: request.assignedToId,
        assignedTo: request.assignedTo,
        notes: null,
        createdAt: now,
      })),
    )
    .execute();
}

/** Deletes up to `limit` audit rows written before `cutoff`, oldest first; answers how many. */
export async function deleteOldAuditRows(db: Db, cutoff: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('auditLog')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('auditLog')
        .select('id')
        .where('createdAt', '<', cutoff)
        .orderBy('createdAt')
        .orderBy('id')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
