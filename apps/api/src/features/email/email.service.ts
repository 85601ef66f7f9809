// The admin's checks of the SMTP settings: a connection test and a test e-mail, both
// with the settings as typed on the screen (not yet saved) and sent right away.
// Any host and port may be typed, so a failure answers one message whatever went wrong
// (refused, timed out, not SMTP, rejected): the checks must not map what listens where.
// The detail goes to the log only.
import type { Language } from '@acende/shared/enums';
import type { EmailSettings } from '@acende/shared/schemas/email';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { renderTestEmail } from './email.templates.ts';
import { resolveGivenSettings, type SmtpSettings } from './email-settings.service.ts';
import { createMailer, describeSmtpError, type Mailer } from './smtp.ts';

export interface SmtpCheckOptions {
  createMailer?: (settings: SmtpSettings) => Mailer;
  /** Where the failure's detail goes (the request's log). */
  logFailure?: (detail: string) => void;
}

export async function testEmailConnection(deps: AppDeps, given: EmailSettings, options: SmtpCheckOptions = {}) {
  const settings = await resolveGivenSettings(deps, given);
  const mailer = (options.createMailer ?? createMailer)(settings);
  try {
    await mailer.verify();
  } catch (error) {
    options.logFailure?.(describeSmtpError(error));
    throw new AppError('errors.email.connectionFailed', 422);
  } finally {
    mailer.close();
  }
}

export async function sendTestEmail(
  deps: AppDeps,
  input: { to: string; settings: EmailSettings; language: Language },
  options: SmtpCheckOptions = {},
) {
  const settings = await resolveGivenSettings(deps, input.settings);
  const rendered = renderTestEmail(input.language, settings);
  const mailer = (options.createMailer ?? createMailer)(settings);
  try {
    await mailer.send({ ...rendered, to: input.to, messageId: `<test-${Date.now()}@acende.local>` });
  } catch (error) {
    options.logFailure?.(describeSmtpError(error));
    throw new AppError('errors.email.sendFailed', 422);
  } finally {
    mailer.close();
  }
}
