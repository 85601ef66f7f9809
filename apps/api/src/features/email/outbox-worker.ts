// Sends what the outbox holds. Each round claims due rows (a lease, so a crashed
// instance's rows come back after it), sends them with the current SMTP settings and
// marks them sent; a failure is retried with backoff (30 s doubling to 30 min) and
// given up 24 h after the e-mail was written, keeping the last error.
import type { AppDeps } from '../../app-deps.ts';
import { readSmtpSettings, type SmtpSettings } from './email-settings.service.ts';
import { claimDueEmails, markEmailFailed, markEmailSent } from './outbox.repository.ts';
import { createMailer, describeSmtpError, type Mailer } from './smtp.ts';

export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 30 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
export const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH = 5;
/** At most this many e-mails per round, so one round never runs for ever. */
const ROUND_LIMIT = 500;

/** When to try again after `attempts` failed attempts, or null to give up. */
export function nextAttemptAfterFailure(attempts: number, createdAt: Date, now: Date): Date | null {
  const giveUpAt = createdAt.getTime() + GIVE_UP_AFTER_MS;
  if (now.getTime() >= giveUpAt) return null;
  const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(Math.min(now.getTime() + delay, giveUpAt));
}

export interface OutboxRoundResult {
  sent: number;
  failed: number;
}

export interface OutboxOptions {
  /** Replaces the nodemailer transport (tests). */
  createMailer?: (settings: SmtpSettings) => Mailer;
}

/** One round: sends every due e-mail it can claim. Does nothing while e-mail is disabled. */
export async function processOutboxOnce(deps: AppDeps, options: OutboxOptions = {}): Promise<OutboxRoundResult> {
  const result: OutboxRoundResult = { sent: 0, failed: 0 };
  const settings = await readSmtpSettings(deps);
  if (!settings.enabled || !settings.host || !settings.from) return result;
  let mailer: Mailer | undefined;
  try {
    while (result.sent + result.failed < ROUND_LIMIT) {
      const now = deps.clock.now();
      const rows = await claimDueEmails(
        deps.db,
        now.toISOString(),
        new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
        BATCH,
      );
      if (rows.length === 0) break;
      mailer ??= (options.createMailer ?? createMailer)(settings);
      for (const row of rows) {
        try {
          await mailer.send({
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
            messageId: row.messageId,
          });
          await markEmailSent(deps.db, row.id, deps.clock.now().toISOString());
          result.sent += 1;
        } catch (error) {
          const next = nextAttemptAfterFailure(row.attempts, new Date(row.createdAt), deps.clock.now());
          await markEmailFailed(deps.db, row.id, describeSmtpError(error), next?.toISOString() ?? null);
          result.failed += 1;
        }
      }
    }
  } finally {
    mailer?.close();
  }
  return result;
}

export interface OutboxWorker {
  /** Runs a round soon instead of waiting for the next poll. */
  wake(): void;
  /** Stops polling and waits for the round in progress (at most 5 s: an unfinished e-mail's lease runs out and it is sent later). */
  stop(): Promise<void>;
}

export function startOutboxWorker(
  deps: AppDeps,
  options: OutboxOptions & { intervalMs?: number; onError?: (error: unknown) => void } = {},
): OutboxWorker {
  const intervalMs = options.intervalMs ?? 5000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = () => {
    if (running) return;
    running = processOutboxOnce(deps, options)
      .then(() => undefined)
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
  };
  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    },
  };
}
