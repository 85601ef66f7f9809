// A private built server whose e-mail goes to a real SMTP capture, with the first admin signed
// in through the API: the set-up of the journeys that read the citizen's e-mails.
import { expect } from '@playwright/test';
import { type SmtpCapture, startSmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { admin } from './fixtures.ts';
import { type RunningServer, startServer } from './server.ts';

export interface MailServer {
  smtp: SmtpCapture;
  server: RunningServer;
  /** The first admin's session cookie on `server`. */
  cookie: string;
  stop(): Promise<void>;
}

export async function startServerWithMail(): Promise<MailServer> {
  const smtp = await startSmtpCapture();
  const server = await startServer();
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const settings = await fetch(`${server.url}/api/admin/email-settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      enabled: true,
      host: smtp.host,
      port: smtp.port,
      secure: false,
      auth: { user: '', pass: '' },
      from: 'Acende <no-reply@acende.test>',
    }),
  });
  expect(settings.status, await settings.clone().text()).toBe(200);
  return {
    smtp,
    server,
    cookie,
    async stop() {
      await server.stop();
      await smtp.close();
    },
  };
}
