// SQL of the channels' outbox (migration 0053): written in the caller's transaction, claimed
// by a lease as e-mail's outbox is (FOR UPDATE SKIP LOCKED on PostgreSQL, so two instances
// never take the same row; SQLite's one writer makes the UPDATE atomic).
import type { Db } from '../../db/database.ts';
import { claimDue } from '../outbox/outbox-claim.ts';

export type Channel = 'sms' | 'whatsapp' | 'push';

export interface NewChannelMessage {
  channel: Channel;
  kind: string;
  requestId: number | null;
  toAddress: string;
  body: string;
  language: string;
  createdAt: string;
}

export async function insertChannelMessage(db: Db, message: NewChannelMessage): Promise<void> {
  await db
    .insertInto('channelOutbox')
    .values({ ...message, status: 'pending', attempts: 0, nextAttemptAt: message.createdAt })
    .execute();
}

/** Claims up to `limit` due messages of `channel` until `leaseUntil`; each claim counts as an attempt. */
export function claimDueMessages(db: Db, channel: Channel, now: string, leaseUntil: string, limit: number) {
  return claimDue(db, 'channelOutbox', { now, leaseUntil, limit, channel });
}

export type ClaimedMessage = Awaited<ReturnType<typeof claimDueMessages>>[number];

/** Sent: the provider's id kept, the text dropped (it carries a rating link's token). */
export async function markMessageSent(db: Db, id: number, provider: string, providerId: string, now: string) {
  await db
    .updateTable('channelOutbox')
    .set({
      status: 'sent',
      sentAt: now,
      claimedUntil: null,
      lastError: null,
      provider,
      providerMessageId: providerId,
      body: '',
    })
    .where('id', '=', id)
    .execute();
}

/** Gives up the channel's pending messages written before `cutoff` (no text kept); answers how many. */
export async function expireMessages(db: Db, channel: Channel, cutoff: string): Promise<number> {
  // Read first: a channel left off runs this every round, and a write that finds nothing would
  // still take SQLite's one write lock.
  const stale = await db
    .selectFrom('channelOutbox')
    .select('id')
    .where('channel', '=', channel)
    .where('status', '=', 'pending')
    .where('createdAt', '<', cutoff)
    .limit(1)
    .executeTakeFirst();
  if (!stale) return 0;
  const result = await db
    .updateTable('channelOutbox')
    .set({ status: 'failed', lastError: 'expired', claimedUntil: null, body: '' })
    .where('channel', '=', channel)
    .where('status', '=', 'pending')
    .where('createdAt', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Not now: tried again at `nextAttemptAt` (a failure, a 429, the quiet hours, the daily cap), or given up. */
export async function deferMessage(
  db: Db,
  id: number,
  update: { nextAttemptAt: string | null; error: string | null; attempted: boolean },
) {
  await db
    .updateTable('channelOutbox')
    .set((eb) => ({
      claimedUntil: null,
      lastError: update.error,
      // Waiting out the quiet hours or the cap is no attempt.
      attempts: update.attempted ? eb.ref('attempts') : eb('attempts', '-', 1),
      // Given up: the text goes (a completion's carries a rating link's token), the error stays.
      ...(update.nextAttemptAt ? { nextAttemptAt: update.nextAttemptAt } : { status: 'failed', body: '' }),
    }))
    .where('id', '=', id)
    // Stopped or anonymised meanwhile: left as it is.
    .where('status', '=', 'pending')
    .execute();
}

/** The number replied SAIR/STOP: kept, and its messages still waiting are not sent. */
export async function stopAddress(db: Db, channel: Channel, address: string, now: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Two stops at once (a reply and Twilio's 21610) keep the first.
    await trx
      .insertInto('channelStops')
      .values({ channel, address, stoppedAt: now })
      .onConflict((oc) => oc.columns(['channel', 'address']).doNothing())
      .execute();
    // What waits is not sent, and keeps no text (a completion's carries a rating link's token).
    const result = await trx
      .updateTable('channelOutbox')
      .set({ status: 'stopped', claimedUntil: null, body: '' })
      .where('channel', '=', channel)
      .where('toAddress', '=', address)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/** The number asked for the channel again (VOLTAR/START): what is queued from now on goes. */
export async function startAddress(db: Db, channel: Channel, address: string): Promise<void> {
  await db.deleteFrom('channelStops').where('channel', '=', channel).where('address', '=', address).execute();
}

/** Whether the number asked the channel to stop. `db` may be a transaction. */
export async function isStopped(db: Db, channel: Channel, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('channelStops')
    .select('address')
    .where('channel', '=', channel)
    .where('address', '=', address)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one of `address`'s `cap` slots of `day` on `channel`: answers false when all are taken.
 * One statement (an upsert raising the count only while under the cap), so two instances
 * cannot both take the last one.
 */
export async function takeDailySlot(
  db: Db,
  slot: { channel: Channel; address: string; day: string },
  cap: number,
): Promise<boolean> {
  const row = await db
    .insertInto('channelDailyCounts')
    .values({ ...slot, sent: 1 })
    .onConflict((oc) =>
      oc
        .columns(['channel', 'address', 'day'])
        .doUpdateSet((eb) => ({ sent: eb('channelDailyCounts.sent', '+', 1) }))
        .where('channelDailyCounts.sent', '<', cap),
    )
    .returning('sent')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a slot back: the send it was taken for failed. */
export async function giveBackDailySlot(db: Db, slot: { channel: Channel; address: string; day: string }) {
  await db
    .updateTable('channelDailyCounts')
    .set((eb) => ({ sent: eb('sent', '-', 1) }))
    .where('channel', '=', slot.channel)
    .where('address', '=', slot.address)
    .where('day', '=', slot.day)
    .where('sent', '>', 0)
    .execute();
}

/** Forgets the counts of days before `day` (they hold numbers, and no cap reads them again). */
export async function dropDailyCountsBefore(db: Db, day: string) {
  await db.deleteFrom('channelDailyCounts').where('day', '<', day).execute();
}

/** A request's messages for its operators: channel, kind, state and times, never the number or text. */
export function listRequestMessages(db: Db, requestId: number) {
  return db
    .selectFrom('channelOutbox')
    .select(['id', 'channel', 'kind', 'status', 'attempts', 'createdAt', 'sentAt', 'lastError'])
    .where('requestId', '=', requestId)
    .orderBy('id')
    .execute();
}

/** Whether a request's SMS confirmation was queued (sent or not since). */
export async function hasConfirmation(db: Db, channel: Channel, requestId: number): Promise<boolean> {
  const row = await db
    .selectFrom('channelOutbox')
    .select('id')
    .where('requestId', '=', requestId)
    .where('channel', '=', channel)
    .where('kind', '=', 'request_confirmation')
    .executeTakeFirst();
  return row !== undefined;
}

/** How many messages each channel holds in each state (the metrics' gauge; every instance reads the same). */
export async function countMessagesByState(db: Db): Promise<{ channel: string; status: string; count: number }[]> {
  const rows = await db
    .selectFrom('channelOutbox')
    .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['channel', 'status'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
