// The admin's checks of the SMTP settings: a connection test and a test e-mail, both
// with the settings as typed on the screen (not yet saved) and sent right away.
// Any host and port may be typed, so the checks must not map what listens where: every
// failure (refused, timed out, not SMTP, rejected) answers one message, and answers
// SMTP_CHECK_TIMEOUT_MS after the check began, so its timing tells nothing either.
// The detail goes to the log only.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Language } from '@acende/shared/enums';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { EmailSettings } from '@acende/shared/schemas/email';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { renderTestEmail } from '../../core/outbox/email.templates.ts';
import { resolveGivenSettings, type SmtpSettings } from '../../core/outbox/email-settings.service.ts';
import { AppError } from '../../lib/errors.ts';
import { createMailer, describeSmtpError, type Mailer } from './smtp.ts';

export interface SmtpCheckOptions {
  createMailer?: (settings: SmtpSettings, limitMs: number) => Mailer;
  /** Where the failure's detail goes (the request's log). */
  logFailure?: (detail: string) => void;
}

/**
 * Runs one check with the mailer; a failure, or no answer by the deadline, throws
 * `failureCode` once the deadline is reached, never before.
 */
async function checkWithin(
  deps: AppDeps,
  settings: SmtpSettings,
  options: SmtpCheckOptions,
  failureCode: MessageKey,
  work: (mailer: Mailer) => Promise<void>,
): Promise<void> {
  const limitMs = deps.config.SMTP_CHECK_TIMEOUT_MS;
  const started = performance.now();
  const mailer = (options.createMailer ?? createMailer)(settings, limitMs);
  const timeout = new AbortController();
  try {
    await Promise.race([
      work(mailer),
      sleep(limitMs, undefined, { signal: timeout.signal }).then(() => {
        throw new Error(`no answer within ${limitMs} ms`);
      }),
    ]);
  } catch (error) {
    options.logFailure?.(describeSmtpError(error));
    const left = limitMs - (performance.now() - started);
    if (left > 0) await sleep(left);
    throw new AppError(failureCode, 422);
  } finally {
    timeout.abort();
    mailer.close();
  }
}

export async function testEmailConnection(deps: AppDeps, given: EmailSettings, options: SmtpCheckOptions = {}) {
  const settings = await resolveGivenSettings(deps, given);
  await checkWithin(deps, settings, options, 'admin-email.errors.email.connectionFailed', (mailer) => mailer.verify());
}

export async function sendTestEmail(
  deps: AppDeps,
  input: { to: string; settings: EmailSettings; language: Language },
  actor: AuditActor,
  options: SmtpCheckOptions = {},
) {
  const settings = await resolveGivenSettings(deps, input.settings);
  const rendered = renderTestEmail(input.language, settings);
  await checkWithin(deps, settings, options, 'admin-email.errors.email.sendFailed', (mailer) =>
    mailer.send({ ...rendered, to: input.to, messageId: `<test-${Date.now()}@acende.local>` }),
  );
  // A sent test changes nothing stored, but it used the stored password towards an address: one row, alone.
  await recordAudit(
    deps.db,
    actor,
    {
      kind: 'settings.email.test_send',
      objectType: 'settings',
      objectId: 'email',
      after: { to: input.to, host: settings.host, port: settings.port, secure: settings.secure, user: settings.user },
    },
    deps.clock.now().toISOString(),
  );
}
