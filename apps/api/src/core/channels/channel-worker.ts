// Sends what the channels' outbox holds (issue 36), one channel per worker. Each round claims
// due rows with a lease, as e-mail's worker does, so two instances never take the same one and
// a crashed instance's rows come back after it. A phone channel sends nothing in the quiet
// hours (the rows wait), nor past a number's daily cap (they wait for the next morning), nor
// to an address that stopped the channel. A 429's Retry-After is waited out; other failures
// are retried with e-mail's backoff and given up 24 h after the message was written; a
// refusal no retry cures is final.
import type { AppDeps } from '../../app-deps.ts';
import { CLAIM_LEASE_MS, GIVE_UP_AFTER_MS, nextAttemptAfterFailure, untilStored } from '../outbox/delivery-retry.ts';
import { startPeriodicWorker } from '../periodic-worker.ts';
import {
  type Channel,
  type ClaimedMessage,
  claimDueMessages,
  deferMessage,
  dropDailyCountsBefore,
  expireMessages,
  giveBackDailySlot,
  isStopped,
  markMessageSent,
  stopAddress,
  takeDailySlot,
} from './channel-outbox.repository.ts';
import { ChannelSendError } from './channel-send-error.ts';
import { localDate, nextMorning, quietUntil } from './quiet-hours.ts';

const BATCH = 10;
const ROUND_LIMIT = 200;
/** How long one call to a provider may take. */
export const CHANNEL_SEND_TIMEOUT_MS = 10_000;
/** A provider's Retry-After is waited out up to an hour; longer asks are taken as an hour. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

export interface SendOptions {
  timeoutMs: number;
  now: () => number;
}

/** A channel as configured for one round. */
export interface ChannelSender {
  provider: string;
  /** How many messages one address gets a local day at most; null: no cap. */
  dailyCap: number | null;
  /** Sends one message; answers the provider's id for it, or throws ChannelSendError. */
  send(to: string, body: string, options: SendOptions): Promise<{ id: string }>;
}

export interface ChannelSpec {
  channel: Channel;
  /** SMS and WhatsApp wait out 21:00–08:00; a browser's notices do not. */
  quietHours: boolean;
  /** The sender for this round, or null while the channel is off or not configured. */
  sender(deps: AppDeps): Promise<ChannelSender | null>;
  /** The address told the provider to stop (or is gone): by default kept as stopped. */
  onStopped?(deps: AppDeps, row: ClaimedMessage): Promise<void>;
}

export interface ChannelRoundResult {
  sent: number;
  failed: number;
  waiting: number;
}

/** One round: sends every due message of the channel it can claim. */
export async function processChannelOnce(deps: AppDeps, spec: ChannelSpec): Promise<ChannelRoundResult> {
  const result: ChannelRoundResult = { sent: 0, failed: 0, waiting: 0 };
  const sender = await spec.sender(deps);
  if (!sender) {
    // Off (or not configured): nothing is sent, and what waited a day is given up as it would be.
    const cutoff = new Date(deps.clock.now().getTime() - GIVE_UP_AFTER_MS).toISOString();
    result.failed = await expireMessages(deps.db, spec.channel, cutoff);
    return result;
  }
  while (result.sent + result.failed + result.waiting < ROUND_LIMIT) {
    const now = deps.clock.now();
    if (spec.quietHours && quietUntil(now)) break;
    const lease = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
    const rows = await claimDueMessages(deps.db, spec.channel, now.toISOString(), lease, BATCH);
    if (rows.length === 0) break;
    // One at a time: the daily cap of an address counts what the previous one sent.
    for (const row of rows) result[await sendOne(deps, spec, sender, row)] += 1;
  }
  // Yesterday's counts are read no more, and they hold numbers.
  if (result.sent > 0 && sender.dailyCap !== null) await dropDailyCountsBefore(deps.db, localDate(deps.clock.now()));
  return result;
}

async function sendOne(
  deps: AppDeps,
  spec: ChannelSpec,
  sender: ChannelSender,
  row: ClaimedMessage,
): Promise<keyof ChannelRoundResult> {
  const now = deps.clock.now();
  // A notice a day late is no notice: whatever held it (the cap, a provider's Retry-After, the
  // channel turned off for a while), it is given up 24 h after it was written.
  if (now.getTime() - Date.parse(row.createdAt) >= GIVE_UP_AFTER_MS) {
    await deferMessage(deps.db, row.id, { nextAttemptAt: null, error: 'expired', attempted: false });
    return 'failed';
  }
  // A lease about to run out (a slow round): put back, so no other instance sends it too.
  if (Date.parse(row.claimedUntil as string) - now.getTime() < CHANNEL_SEND_TIMEOUT_MS + 60_000) {
    await deferMessage(deps.db, row.id, { nextAttemptAt: now.toISOString(), error: row.lastError, attempted: false });
    return 'waiting';
  }
  if (await isStopped(deps.db, spec.channel, row.toAddress)) {
    await stopAddress(deps.db, spec.channel, row.toAddress, now.toISOString());
    return 'failed';
  }
  // The cap's slot is taken before the send (given back if it fails): see takeDailySlot.
  const slot = { channel: spec.channel, address: row.toAddress, day: localDate(now) };
  if (sender.dailyCap !== null && !(await takeDailySlot(deps.db, slot, sender.dailyCap))) {
    await deferMessage(deps.db, row.id, {
      nextAttemptAt: nextMorning(now).toISOString(),
      error: 'daily cap reached',
      attempted: false,
    });
    return 'waiting';
  }
  let id: string;
  try {
    ({ id } = await sender.send(row.toAddress, row.body, {
      timeoutMs: CHANNEL_SEND_TIMEOUT_MS,
      now: () => deps.clock.now().getTime(),
    }));
  } catch (error) {
    if (sender.dailyCap !== null) await untilStored(() => giveBackDailySlot(deps.db, slot));
    return failed(deps, spec, row, error);
  }
  await untilStored(() => markMessageSent(deps.db, row.id, sender.provider, id, deps.clock.now().toISOString()));
  return 'sent';
}

async function failed(
  deps: AppDeps,
  spec: ChannelSpec,
  row: ClaimedMessage,
  error: unknown,
): Promise<keyof ChannelRoundResult> {
  const now = deps.clock.now();
  const sendError = error instanceof ChannelSendError ? error : new ChannelSendError(String(error), null, false, null);
  if (sendError.stopped) {
    // The address stopped our messages at the provider itself (or is gone): kept so here too.
    await (spec.onStopped
      ? spec.onStopped(deps, row)
      : stopAddress(deps.db, spec.channel, row.toAddress, now.toISOString()));
    return 'failed';
  }
  const next = sendError.permanent
    ? null
    : sendError.retryAfterMs !== null
      ? new Date(now.getTime() + Math.min(sendError.retryAfterMs, MAX_RETRY_AFTER_MS))
      : nextAttemptAfterFailure(row.attempts, new Date(row.createdAt), now);
  await untilStored(() =>
    deferMessage(deps.db, row.id, {
      nextAttemptAt: next?.toISOString() ?? null,
      error: sendError.message,
      attempted: true,
    }),
  );
  return next ? 'waiting' : 'failed';
}

/** The channel's worker, every `intervalMs` (each instance runs one; the leases share the work). */
export function startChannelWorker(
  deps: AppDeps,
  spec: ChannelSpec,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
) {
  return startPeriodicWorker({
    intervalMs: options.intervalMs ?? 5000,
    firstDelayMs: 0,
    onError: options.onError,
    round: async () => {
      await processChannelOnce(deps, spec);
    },
  });
}
