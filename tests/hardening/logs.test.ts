// Item 11 of issue 9: what the server writes to its log (stdout and stderr, at the
// default level `info`) holds no password, session id, tracking or reset token, SMTP
// password, or citizen phone and e-mail. Distinctive values are planted through every
// path that carries them (sign-in, account creation, password change, SMTP settings,
// filing and tracking a request, the reset link, failed calls), then grepped for. Every
// other server this suite starts is checked for its planted values when it stops
// (support/server.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { call, sessionCookieOf, signIn } from '../support/client.ts';
import { ADMIN_PASSWORD, ENGINES, type Engine, startFresh } from '../support/server.ts';
import { configureSmtp } from '../support/smtp.ts';

const PLANTED = {
  userPassword: 'Plantada-Senha-Usuario-8Kq',
  newPassword: 'Plantada-Nova-Senha-3Zr',
  wrongPassword: 'Plantada-Errada-Senha-5Tx',
  smtpPassword: 'Plantada-SMTP-Segredo-6Wn',
  phone: '(48) 97531-8642',
  email: 'plantada.cidada.lgpd@exemplo-log.org',
  /** A citizen's surname, searched for by an operator and in report exports. */
  name: 'Plantadissima',
  /** The phone's digits as an operator types them into a search. */
  phoneDigits: '975318642',
};

describe.each(ENGINES)('secrets stay out of the logs [%s]', (engine: Engine) => {
  let env: Awaited<ReturnType<typeof startFresh>>;
  let smtp: SmtpCapture;
  const secrets: Record<string, string> = { ...PLANTED, adminPassword: ADMIN_PASSWORD };

  beforeAll(async () => {
    env = await startFresh(engine, { label: 'logs', env: { LOG_LEVEL: 'info' } });
    smtp = await startSmtpCapture({ user: 'smtp-user', pass: PLANTED.smtpPassword });
  });
  afterAll(async () => {
    await env?.close();
    await smtp?.close();
  });

  it('logs none of the planted secrets and contact details', async () => {
    const url = env.server.url;
    const admin = await signIn(url);
    secrets.adminSession = admin.split('=')[1] as string;
    await configureSmtp(url, admin, smtp, { user: 'smtp-user', pass: PLANTED.smtpPassword });
    const username = `log-${engine}-${process.pid}`;
    const created = await call(url, 'POST', '/api/admin/users', {
      cookie: admin,
      body: {
        username,
        password: PLANTED.userPassword,
        name: 'Luana Log',
        email: `${username}@acende.test`,
        role: 'user',
        companies: [],
      },
    });
    expect(created.status, created.text).toBe(201);
    // A failed and a good sign-in, then a password change.
    expect(
      (await call(url, 'POST', '/api/admin/login', { body: { username, password: PLANTED.wrongPassword } })).status,
    ).toBe(401);
    const session = await signIn(url, username, PLANTED.userPassword);
    secrets.userSession = session.split('=')[1] as string;
    const changed = await call(url, 'POST', '/api/admin/change-password', {
      cookie: session,
      body: { currentPassword: PLANTED.userPassword, newPassword: PLANTED.newPassword },
    });
    expect(changed.status).toBe(204);
    secrets.renewedSession = sessionCookieOf(changed).split('=')[1] as string;
    // A bad payload with a password in it (validation failures are logged).
    await call(url, 'POST', '/api/admin/change-password', {
      cookie: sessionCookieOf(changed),
      body: { currentPassword: PLANTED.newPassword, newPassword: 1 },
    });

    // A citizen files and tracks a request; the tracking page itself is opened too.
    const filed = await call(url, 'POST', '/api/repair-requests', {
      body: {
        name: `Cidadã ${PLANTED.name}`,
        phone: PLANTED.phone,
        email: PLANTED.email,
        address: 'Rua do Log, 1',
        problemType: 'LIGHT_OUT',
        latitude: '-27.59',
        longitude: '-48.54',
        company: '1',
      },
    });
    expect(filed.status).toBe(201);
    const token = filed.json.trackingToken as string;
    secrets.trackingToken = token;
    expect((await call(url, 'GET', `/api/repair-requests/${filed.json.id}?t=${token}`)).status).toBe(200);
    expect((await call(url, 'GET', `/track/${filed.json.id}?t=${token}`)).status).toBe(200);
    // A bad request that carries the phone (a 400 with the payload around).
    await call(url, 'POST', '/api/repair-requests', { body: { phone: PLANTED.phone, email: PLANTED.email } });
    await smtp.waitFor((m) => m.envelopeTo.includes(PLANTED.email), 20_000);

    // An operator looks the citizen up by name and by phone, in the list and in the reports
    // (JSON, CSV and PDF): the search travels in the query string.
    for (const q of [PLANTED.name, PLANTED.phone, PLANTED.phoneDigits]) {
      const search = `q=${encodeURIComponent(q)}`;
      const list = await call(url, 'GET', `/api/admin/repair-requests?${search}&page=1`, { cookie: admin });
      expect(list.status).toBe(200);
      expect(list.json.total).toBeGreaterThanOrEqual(1);
      for (const path of ['requests', 'requests.csv', 'requests.pdf', 'area.csv']) {
        const report = await call(url, 'GET', `/api/admin/reports/${path}?${search}&startDate=&status=`, {
          cookie: admin,
        });
        expect(report.status, path).toBe(200);
      }
    }

    // The reset link: asked for, opened in the browser, used.
    await call(url, 'POST', '/api/admin/request-password-reset', { body: { username } });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(`${username}@acende.test`), 20_000);
    const resetToken = decodeURIComponent(/\/admin\/reset-password\/([^\s"<>]+)/.exec(mail.text)?.[1] ?? '');
    expect(resetToken).not.toBe('');
    secrets.resetToken = resetToken;
    expect((await call(url, 'GET', `/admin/reset-password/${encodeURIComponent(resetToken)}`)).status).toBe(200);
    const reset = await call(url, 'POST', '/api/admin/complete-password-reset', {
      body: { token: resetToken, newPassword: 'Depois-Do-Reset-1' },
    });
    expect(reset.status).toBe(200);

    await new Promise((r) => setTimeout(r, 500));
    const output = env.server.output();
    expect(output.length).toBeGreaterThan(1000);
    expect(output).toMatch(/incoming request/);
    const digits = PLANTED.phone.replace(/\D/g, '');
    const found = Object.entries(secrets)
      .filter(([, value]) => output.includes(value) || output.includes(encodeURIComponent(value)))
      .map(([name]) => name);
    if (output.replace(/\D/g, '').includes(digits)) found.push('phone digits');
    if (output.includes('97531')) found.push('part of the phone');
    expect(found, 'secrets found in the server log').toEqual([]);
  });
});
