import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';

const SMTP_USER = 'mailer';
const SMTP_PASS = 'smtp-Secret-Pass-42';

describeEachEngine('e-mail settings (admin)', (ctx) => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture({ user: SMTP_USER, pass: SMTP_PASS });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const settings = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    host: smtp.host,
    port: smtp.port,
    secure: false,
    auth: { user: SMTP_USER, pass: SMTP_PASS },
    from: 'Acende <no-reply@acende.test>',
    ...overrides,
  });

  it('answers the spec defaults before anything is saved, and only to admins', async () => {
    const admin = await signedIn(ctx(), { role: 'admin' });
    const res = await ctx().app.inject({ url: '/api/admin/email-settings', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: false,
      host: '',
      port: 587,
      secure: false,
      auth: { user: '', pass: '' },
      from: '',
    });
    const user = await signedIn(ctx(), { role: 'user' });
    expect((await ctx().app.inject({ url: '/api/admin/email-settings', headers: user.headers })).statusCode).toBe(403);
    expect((await ctx().app.inject({ url: '/api/admin/email-settings' })).statusCode).toBe(401);
    const post = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/email-settings',
      headers: user.headers,
      payload: settings(),
    });
    expect(post.statusCode).toBe(403);
  });

  it('stores the SMTP password encrypted and never returns it; the placeholder keeps it, blank removes it', async () => {
    const admin = await signedIn(ctx(), { role: 'admin' });
    const save = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/email-settings',
      headers: admin.headers,
      payload: settings(),
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().auth).toEqual({ user: SMTP_USER, pass: '********' });
    const get = await ctx().app.inject({ url: '/api/admin/email-settings', headers: admin.headers });
    expect(get.body).not.toContain(SMTP_PASS);
    expect(get.json()).toMatchObject({ enabled: true, host: smtp.host, port: smtp.port, auth: { pass: '********' } });
    const stored = await ctx()
      .db.selectFrom('siteSettings')
      .select('value')
      .where('key', '=', 'email')
      .executeTakeFirst();
    expect(stored?.value).not.toContain(SMTP_PASS);

    // Saving again with the placeholder keeps the password: the connection test still authenticates.
    const again = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/email-settings',
      headers: admin.headers,
      payload: settings({ auth: { user: SMTP_USER, pass: '********' } }),
    });
    expect(again.statusCode).toBe(200);
    const test = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/email-settings/test',
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { settings: settings({ auth: { user: SMTP_USER, pass: '********' } }) },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toEqual({ message: 'Connection successful' });

    const cleared = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/email-settings',
      headers: admin.headers,
      payload: settings({ enabled: false, auth: { user: '', pass: '' } }),
    });
    expect(cleared.json().auth).toEqual({ user: '', pass: '' });
  });

  it('reports a failed connection (wrong password, closed port) as a clear 422, in the reader language', async () => {
    const admin = await signedIn(ctx(), { role: 'admin' });
    const wrong = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/email-settings/test',
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { settings: settings({ auth: { user: SMTP_USER, pass: 'wrong' } }) },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/^Connection failed: .*Invalid/);
    const closed = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/email-settings/test',
      headers: admin.headers,
      payload: { settings: settings({ port: 9 }) },
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toMatch(/^Falha na conexão: /);
  });

  it('refuses incomplete settings with the spec messages in both languages', async () => {
    const admin = await signedIn(ctx(), { role: 'admin' });
    const post = (url: string, payload: object, language: string) =>
      ctx().app.inject({ method: 'POST', url, headers: { ...admin.headers, 'accept-language': language }, payload });

    const missing = await post('/api/admin/email-settings', settings({ host: '', from: '' }), 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Fill in all required fields before saving.');
    expect(Object.keys(missing.json().errors).sort()).toEqual(['from', 'host']);
    const missingPt = await post('/api/admin/email-settings', settings({ host: '' }), 'pt');
    expect(missingPt.json().message).toBe('Preencha todos os campos obrigatórios antes de salvar.');
    // While disabled, an empty server may be saved.
    expect((await post('/api/admin/email-settings', settings({ enabled: false, host: '' }), 'en')).statusCode).toBe(
      200,
    );

    const badFrom = await post('/api/admin/email-settings', settings({ from: 'not an address' }), 'en');
    expect(badFrom.json().errors.from).toBe('The email address provided is not valid.');
    const badPort = await post('/api/admin/email-settings', settings({ port: 70000 }), 'en');
    expect(badPort.statusCode).toBe(400);

    const noServer = await post('/api/admin/email-settings/test', { settings: settings({ host: '' }) }, 'en');
    expect(noServer.statusCode).toBe(400);
    expect(noServer.json().message).toBe('Fill in the SMTP server fields before testing the connection.');

    for (const [language, message] of [
      ['en', 'The email address provided is not valid.'],
      ['pt', 'O endereço de e-mail informado não é válido.'],
    ]) {
      const badTo = await post(
        '/api/admin/email-settings/send-test',
        { to: 'nobody', settings: settings(), language: 'en' },
        language as string,
      );
      expect(badTo.statusCode).toBe(400);
      expect(badTo.json().errors.to).toBe(message);
    }
    const injected = await post(
      '/api/admin/email-settings',
      settings({ from: 'Acende <a@b.test>\r\nBcc: x@evil.test' }),
      'en',
    );
    expect(injected.statusCode).toBe(400);
  });

  it('sends a test e-mail naming the server, the port and the secure flag, in the chosen language', async () => {
    const admin = await signedIn(ctx(), { role: 'admin' });
    const to = `test-${process.pid}-${ctx().engine}@example.com`;
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/email-settings/send-test',
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { to, settings: settings(), language: 'pt' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Test email sent' });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to));
    expect(mail.subject).toBe('E-mail de teste do Acende');
    expect(mail.text).toContain(`Servidor: ${smtp.host}`);
    expect(mail.text).toContain(`Porta: ${smtp.port}`);
    expect(mail.text).toContain('Conexão segura (SSL/TLS): Não');

    smtp.refuse(true);
    try {
      const refused = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/email-settings/send-test',
        headers: { ...admin.headers, 'accept-language': 'en' },
        payload: { to, settings: settings(), language: 'en' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/^Error sending test email: .*451/);
    } finally {
      smtp.refuse(false);
    }
  });
});
