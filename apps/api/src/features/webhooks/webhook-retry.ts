// When a webhook is tried again (decision 0065): Standard Webhooks' schedule after the first
// attempt (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 10 h), never past 24 h from the
// event (or its replay); a 429's or 503's Retry-After is waited out (never less than the
// schedule's step) when it ends inside them.
import { retryAfterMs } from '../../core/channels/channel-send-error.ts';

export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
const SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 5 * 60 * 60_000, 10 * 60 * 60_000];

/** The next attempt after `attempts` failed ones, or null: dead. The last one falls on the window's end. */
export function nextWebhookAttempt(
  attempts: number,
  retryFrom: string,
  now: Date,
  answer: { status: number | null; retryAfter: string | null },
): Date | null {
  const end = Date.parse(retryFrom) + WEBHOOK_RETRY_WINDOW_MS;
  if (now.getTime() >= end) return null;
  const delay = SCHEDULE_MS[Math.min(Math.max(attempts, 1), SCHEDULE_MS.length) - 1] as number;
  if ((answer.status === 429 || answer.status === 503) && answer.retryAfter) {
    const asked = retryAfterMs(answer.retryAfter, now.getTime());
    // Never sooner than the schedule (a Retry-After of 0 would resend at once, round after round).
    if (asked !== null)
      return now.getTime() + asked <= end ? new Date(Math.min(now.getTime() + Math.max(asked, delay), end)) : null;
  }
  return new Date(Math.min(now.getTime() + delay, end));
}
