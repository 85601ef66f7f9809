// When an outbox's worker tries a message again (e-mail, SMS): 30 s doubling to 30 min, given
// up 24 h after the message was written; and how it keeps a sent message's outcome through a
// database outage, so the message is not sent twice when its lease runs out.
import { unavailability } from '../../db/errors.ts';

export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 30 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
export const CLAIM_LEASE_MS = 5 * 60_000;

/** When to try again after `attempts` failed attempts, or null to give up. */
export function nextAttemptAfterFailure(attempts: number, createdAt: Date, now: Date): Date | null {
  const giveUpAt = createdAt.getTime() + GIVE_UP_AFTER_MS;
  if (now.getTime() >= giveUpAt) return null;
  const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(Math.min(now.getTime() + delay, giveUpAt));
}

/** How long a worker keeps trying to write a message's outcome while the database is away. */
const STORE_RETRY_MS = CLAIM_LEASE_MS - 60_000;

/**
 * Runs `write` again every second while the database is unavailable (a restart, an outage;
 * decision 0048), up to STORE_RETRY_MS: a message handed over is marked sent once the
 * database returns, not sent again when its lease runs out. Other errors are thrown at once.
 */
export async function untilStored(write: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  for (;;) {
    try {
      await write();
      return;
    } catch (error) {
      if (!unavailability(error) || performance.now() - started > STORE_RETRY_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
