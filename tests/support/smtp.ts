// Points a running server at an SMTP capture through the settings API, as the first admin.
import type { SmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { call } from './client.ts';

export async function configureSmtp(
  base: string,
  adminCookie: string,
  smtp: Pick<SmtpCapture, 'host' | 'port'>,
  auth: { user: string; pass: string } = { user: '', pass: '' },
): Promise<void> {
  const res = await call(base, 'POST', '/api/admin/email-settings', {
    cookie: adminCookie,
    body: {
      enabled: true,
      host: smtp.host,
      port: smtp.port,
      secure: false,
      auth,
      from: 'Acende <no-reply@acende.test>',
    },
  });
  if (res.status !== 200) throw new Error(`e-mail settings: ${res.status} ${res.text}`);
}
