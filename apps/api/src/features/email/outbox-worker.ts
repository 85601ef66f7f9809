// Sends what the outbox holds. Each round claims due rows (a lease, so a crashed instance's
// rows come back after it), sends them with the current SMTP settings and marks them sent; a
// failure is retried with backoff (30 s doubling to 30 min) and given up 24 h after the e-mail
// was written, keeping the last error (core/outbox/delivery-retry.ts).
import type { AppDeps } from '../../app-deps.ts';
import { CLAIM_LEASE_MS, nextAttemptAfterFailure, untilStored } from '../../core/outbox/delivery-retry.ts';
import { readSmtpSettings, type SmtpSettings } from '../../core/outbox/email-settings.service.ts';
import { claimDueEmails, markEmailFailed, markEmailSent } from '../../core/outbox/outbox.repository.ts';
import { startPeriodicWorker } from '../../core/periodic-worker.ts';
import { createMailer, describeSmtpError, type Mailer, OUTBOX_SMTP_CONNECTIONS } from './smtp.ts';

/** Claimed together and sent side by side, over the pool's connections. */
const BATCH = 4 * OUTBOX_SMTP_CONNECTIONS;
/** At most this many e-mails per round, so one round never runs for ever. */
const ROUND_LIMIT = 500;

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
      mailer ??= (options.createMailer ?? ((s: SmtpSettings) => createMailer(s, Number.POSITIVE_INFINITY, true)))(
        settings,
      );
      const sender = mailer;
      const outcomes = await Promise.all(rows.map((row) => sendOne(deps, sender, row)));
      for (const sent of outcomes) result[sent ? 'sent' : 'failed'] += 1;
    }
  } finally {
    mailer?.close();
  }
  return result;
}

type ClaimedEmail = Awaited<ReturnType<typeof claimDueEmails>>[number];

/** Sends one claimed e-mail and stores the outcome; answers whether it went. */
async function sendOne(deps: AppDeps, mailer: Mailer, row: ClaimedEmail): Promise<boolean> {
  try {
    await mailer.send({
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      messageId: row.messageId,
    });
  } catch (error) {
    const next = nextAttemptAfterFailure(row.attempts, new Date(row.createdAt), deps.clock.now());
    await untilStored(() => markEmailFailed(deps.db, row.id, describeSmtpError(error), next?.toISOString() ?? null));
    return false;
  }
  // Sent: it must be marked so, or its lease would run out and it would go twice.
  await untilStored(() => markEmailSent(deps.db, row.id, deps.clock.now().toISOString()));
  return true;
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
  return startPeriodicWorker({
    intervalMs: options.intervalMs ?? 5000,
    firstDelayMs: 0,
    onError: options.onError,
    round: async () => {
      await processOutboxOnce(deps, options);
    },
  });
}
