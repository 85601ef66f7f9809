// The admin's checks of the SMTP settings: a connection test and a test e-mail, both
// with the settings as typed on the screen (not yet saved) and sent right away.
import type { Language } from '@acende/shared/enums';
import type { EmailSettings } from '@acende/shared/schemas/email';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { renderTestEmail } from './email.templates.ts';
import { resolveGivenSettings, type SmtpSettings } from './email-settings.service.ts';
import { createMailer, describeSmtpError, type Mailer } from './smtp.ts';

export interface SmtpCheckOptions {
  createMailer?: (settings: SmtpSettings) => Mailer;
}

export async function testEmailConnection(deps: AppDeps, given: EmailSettings, options: SmtpCheckOptions = {}) {
  const settings = await resolveGivenSettings(deps, given);
  const mailer = (options.createMailer ?? createMailer)(settings);
  try {
    await mailer.verify();
  } catch (error) {
    throw new AppError('errors.email.connectionFailed', 422, { detail: describeSmtpError(error) });
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
    throw new AppError('errors.email.sendFailed', 422, { detail: describeSmtpError(error) });
  } finally {
    mailer.close();
  }
}
