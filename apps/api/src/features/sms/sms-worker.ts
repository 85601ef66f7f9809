// Sends the SMS the channels' outbox holds (issue 36). Each round claims due rows with a lease,
// as e-mail's worker does, so two instances never take the same one and a crashed instance's
// rows come back after it. Nothing goes between 21:00 and 08:00 in the service's time zone
// (the rows wait), nor past the daily cap of one number (they wait for the next morning), nor
// to a number that replied SAIR/STOP. A 429's Retry-After is waited out; other failures are
// retried with e-mail's backoff and given up after 24 h; a refusal no retry cures is final.
import type { AppDeps } from '../../app-deps.ts';
import {
  type ClaimedMessage,
  claimDueMessages,
  countSentSince,
  deferMessage,
  isStopped,
  markMessageSent,
  stopAddress,
} from '../../core/channels/channel-outbox.repository.ts';
import { readSmsSendSettings, type SmsSendSettings } from '../../core/channels/sms-settings.service.ts';
import { startOfDayUtc, zoneParts } from '../../core/format.ts';
import {
  CLAIM_LEASE_MS,
  GIVE_UP_AFTER_MS,
  nextAttemptAfterFailure,
  untilStored,
} from '../../core/outbox/delivery-retry.ts';
import { startPeriodicWorker } from '../../core/periodic-worker.ts';
import { SmsSendError } from './sms-provider-error.ts';
import { sendSms } from './sms-providers.ts';
import { TWILIO_UNSUBSCRIBED } from './twilio.ts';

/** SMS may go from 08:00 to 21:00, local time. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
const BATCH = 10;
const ROUND_LIMIT = 200;
export const SMS_SEND_TIMEOUT_MS = 10_000;

const HOUR_MS = 3_600_000;

/** The service's calendar day of `at` (YYYY-MM-DD) and its hour. */
function localDay(at: Date): { date: string; hour: number } {
  const p = zoneParts(at.getTime());
  return { date: `${p.y}-${p.m}-${p.d}`, hour: Number(p.h) };
}

/** The next 08:00 local after `at` (the same day's when before it). Brazil keeps no summer time. */
function nextMorning(at: Date): Date {
  const { date, hour } = localDay(at);
  const day = startOfDayUtc(date, hour >= QUIET_UNTIL_HOUR ? 1 : 0);
  return new Date(Date.parse(day) + QUIET_UNTIL_HOUR * HOUR_MS);
}

/** Until when SMS wait at `at`: the next 08:00 during the quiet hours, null outside them. */
export function quietUntil(at: Date): Date | null {
  const { hour } = localDay(at);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR ? nextMorning(at) : null;
}

/** The local midnight that began `at`'s day: the daily cap counts from it. */
function startOfLocalDay(at: Date): Date {
  return new Date(startOfDayUtc(localDay(at).date));
}

export interface SmsRoundResult {
  sent: number;
  failed: number;
  waiting: number;
}

/** One round: sends every due SMS it can claim. Does nothing while SMS is off or in the quiet hours. */
export async function processSmsOnce(deps: AppDeps): Promise<SmsRoundResult> {
  const result: SmsRoundResult = { sent: 0, failed: 0, waiting: 0 };
  const settings = await readSmsSendSettings(deps);
  if (!settings.enabled || settings.token === '' || settings.from === '') return result;
  while (result.sent + result.failed + result.waiting < ROUND_LIMIT) {
    const now = deps.clock.now();
    if (quietUntil(now)) break;
    const rows = await claimDueMessages(
      deps.db,
      'sms',
      now.toISOString(),
      new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
      BATCH,
    );
    if (rows.length === 0) break;
    // One at a time: the daily cap of a number counts what the previous one sent.
    for (const row of rows) result[await sendOne(deps, settings, row)] += 1;
  }
  return result;
}

async function sendOne(deps: AppDeps, settings: SmsSendSettings, row: ClaimedMessage): Promise<keyof SmsRoundResult> {
  const now = deps.clock.now();
  // A notice a day late is no notice: whatever held it (the cap, a provider's Retry-After, SMS
  // turned off for a while), it is given up 24 h after it was written, as a failed one is.
  if (now.getTime() - Date.parse(row.createdAt) >= GIVE_UP_AFTER_MS) {
    await deferMessage(deps.db, row.id, { nextAttemptAt: null, error: 'expired', attempted: false });
    return 'failed';
  }
  // A lease about to run out (a slow round): put back, so no other instance sends it too.
  if (Date.parse(row.claimedUntil as string) - now.getTime() < SMS_SEND_TIMEOUT_MS + 60_000) {
    await deferMessage(deps.db, row.id, { nextAttemptAt: now.toISOString(), error: row.lastError, attempted: false });
    return 'waiting';
  }
  if (await isStopped(deps.db, 'sms', row.toAddress)) {
    await stopAddress(deps.db, 'sms', row.toAddress, now.toISOString());
    return 'failed';
  }
  const sentToday = await countSentSince(deps.db, 'sms', row.toAddress, startOfLocalDay(now).toISOString());
  if (sentToday >= settings.dailyCap) {
    await deferMessage(deps.db, row.id, {
      nextAttemptAt: nextMorning(now).toISOString(),
      error: 'daily cap reached',
      attempted: false,
    });
    return 'waiting';
  }
  let id: string;
  try {
    ({ id } = await sendSms(settings, row.toAddress, row.body, {
      timeoutMs: SMS_SEND_TIMEOUT_MS,
      now: () => deps.clock.now().getTime(),
    }));
  } catch (error) {
    return failed(deps, row, error);
  }
  await untilStored(() => markMessageSent(deps.db, row.id, settings.provider, id, deps.clock.now().toISOString()));
  return 'sent';
}

async function failed(deps: AppDeps, row: ClaimedMessage, error: unknown): Promise<keyof SmsRoundResult> {
  const now = deps.clock.now();
  const sendError = error instanceof SmsSendError ? error : new SmsSendError(String(error), null, false, null);
  if (sendError.code === TWILIO_UNSUBSCRIBED) {
    // The number replied STOP to the provider itself: kept as stopped here too.
    await stopAddress(deps.db, 'sms', row.toAddress, now.toISOString());
    return 'failed';
  }
  const next = sendError.permanent
    ? null
    : sendError.retryAfterMs !== null
      ? new Date(now.getTime() + Math.min(sendError.retryAfterMs, 60 * 60_000))
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

export function startSmsWorker(
  deps: AppDeps,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
) {
  return startPeriodicWorker({
    intervalMs: options.intervalMs ?? 5000,
    firstDelayMs: 0,
    onError: options.onError,
    round: async () => {
      await processSmsOnce(deps);
    },
  });
}
