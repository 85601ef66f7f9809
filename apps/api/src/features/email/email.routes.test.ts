import { type AddressInfo, createServer, type Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';

const SMTP_USER = 'mailer';
const SMTP_PASS = 'smtp-Secret-Pass-42';
/** SMTP_CHECK_TIMEOUT_MS here: short, so the failures below answer quickly. */
const CHECK_MS = 1000;

const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const portOf = (server: Server) => (server.address() as AddressInfo).port;

describeEachEngine(
  'e-mail settings (admin)',
  (ctx) => {
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
      expect((await ctx().app.inject({ url: '/api/admin/email-settings', headers: user.headers })).statusCode).toBe(
        403,
      );
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

    it('answers every failed connection with one message, whatever listens there (no port scanner)', async () => {
      const admin = await signedIn(ctx(), { role: 'admin' });
      // Something that is not SMTP: answers like a web server and hangs up.
      const http = createServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
      // Something that hangs up at once.
      const hangUp = createServer((socket) => socket.destroy());
      // Something that listens and says nothing (the greeting never comes).
      const silent = createServer(() => {});
      await Promise.all([listen(http), listen(hangUp), listen(silent)]);
      try {
        const test = async (overrides: Record<string, unknown>, language: string) => {
          const started = performance.now();
          const res = await ctx().app.inject({
            method: 'POST',
            url: '/api/admin/email-settings/test',
            headers: { ...admin.headers, 'accept-language': language },
            payload: { settings: settings(overrides) },
          });
          return Object.assign(res, { ms: performance.now() - started });
        };
        const failures = {
          wrongPassword: await test({ auth: { user: SMTP_USER, pass: 'wrong' } }, 'en'),
          closedPort: await test({ port: 9 }, 'en'),
          notSmtp: await test({ port: portOf(http) }, 'en'),
          hangsUp: await test({ port: portOf(hangUp) }, 'en'),
          silent: await test({ port: portOf(silent) }, 'en'),
        };
        for (const [what, res] of Object.entries(failures)) {
          expect(res.statusCode, what).toBe(422);
          expect(res.json(), what).toEqual({
            message:
              'Connection failed. Check the server, port, secure connection and credentials; the server log has the detail.',
          });
          // Nor does the time tell them apart: each answers when the check's time is up.
          expect(res.ms, what).toBeGreaterThanOrEqual(CHECK_MS - 20);
          expect(res.ms, what).toBeLessThan(CHECK_MS + 1500);
        }
        const ok = await test({}, 'en');
        expect(ok.statusCode).toBe(200);
        expect(ok.ms).toBeLessThan(CHECK_MS);
        const pt = await test({ port: 9 }, 'pt');
        expect(pt.statusCode).toBe(422);
        expect(pt.json().message).toBe(
          'Falha na conexão. Verifique o servidor, a porta, a conexão segura e as credenciais; o log do servidor traz o detalhe.',
        );

        const sendTo = (overrides: Record<string, unknown>) =>
          ctx().app.inject({
            method: 'POST',
            url: '/api/admin/email-settings/send-test',
            headers: { ...admin.headers, 'accept-language': 'en' },
            payload: { to: 'someone@example.com', settings: settings(overrides), language: 'en' },
          });
        const sendFailures = [await sendTo({ port: 9 }), await sendTo({ port: portOf(http) })];
        for (const res of sendFailures) {
          expect(res.statusCode).toBe(422);
          expect(res.json()).toEqual({
            message:
              'Error sending test email. Check the server, port, secure connection, credentials and sender; the server log has the detail.',
          });
        }
      } finally {
        await Promise.all([close(http), close(hangUp), close(silent)]);
      }
    });

    it('sends the stored password only to the saved server, port, security and user', async () => {
      const admin = await signedIn(ctx(), { role: 'admin' });
      const saved = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/email-settings',
        headers: admin.headers,
        payload: settings(),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // A server of the admin's choosing that accepts any login and keeps the passwords it is given.
      const harvested: string[] = [];
      const other = new SMTPServer({
        secure: false,
        disabledCommands: ['STARTTLS'],
        allowInsecureAuth: true,
        logger: false,
        onAuth(auth, _session, callback) {
          harvested.push(String(auth.password));
          callback(null, { user: auth.username });
        },
      });
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      const otherPort = (other.server.address() as AddressInfo).port;
      try {
        const placeholder = { user: SMTP_USER, pass: '********' };
        const elsewhere = [
          settings({ port: otherPort, auth: placeholder }),
          settings({ host: 'localhost', auth: placeholder }),
          settings({ auth: { user: 'someone-else', pass: '********' } }),
          settings({ secure: true, auth: placeholder }),
        ];
        for (const [index, body] of elsewhere.entries()) {
          for (const [url, payload] of [
            ['/api/admin/email-settings/test', { settings: body }],
            ['/api/admin/email-settings/send-test', { to: 'someone@example.com', settings: body, language: 'en' }],
          ] as const) {
            const res = await ctx().app.inject({
              method: 'POST',
              url,
              headers: { ...admin.headers, 'accept-language': 'en' },
              payload,
            });
            expect(res.statusCode, `${url} #${index}`).toBe(400);
            expect(res.json()).toEqual({
              message:
                'Type the SMTP password: the saved password is only used with the saved server, port, secure connection and username.',
              errors: {
                'settings.auth.pass':
                  'Type the SMTP password: the saved password is only used with the saved server, port, secure connection and username.',
              },
            });
          }
          // Saving the placeholder with another destination would send it there later: refused too.
          const save = await ctx().app.inject({
            method: 'POST',
            url: '/api/admin/email-settings',
            headers: admin.headers,
            payload: body,
          });
          expect(save.statusCode, `save #${index}`).toBe(400);
          expect(save.json().message).toBe(
            'Digite a senha SMTP: a senha salva só é usada com o servidor, a porta, a conexão segura e o usuário salvos.',
          );
          expect(Object.keys(save.json().errors)).toEqual(['auth.pass']);
        }
        expect(harvested).toEqual([]);
        const stored = await ctx().app.inject({ url: '/api/admin/email-settings', headers: admin.headers });
        expect(stored.json()).toMatchObject({ host: smtp.host, port: smtp.port, secure: false, auth: placeholder });

        // The saved destination still works with the placeholder; a typed password goes anywhere.
        const same = await ctx().app.inject({
          method: 'POST',
          url: '/api/admin/email-settings/test',
          headers: admin.headers,
          payload: { settings: settings({ auth: placeholder }) },
        });
        expect(same.statusCode, same.body).toBe(200);
        const typed = await ctx().app.inject({
          method: 'POST',
          url: '/api/admin/email-settings/test',
          headers: admin.headers,
          payload: { settings: settings({ port: otherPort, auth: { user: SMTP_USER, pass: 'typed-here' } }) },
        });
        expect(typed.statusCode, typed.body).toBe(200);
        expect(harvested).toEqual(['typed-here']);
      } finally {
        await new Promise<void>((resolve) => other.close(() => resolve()));
      }
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
        expect(refused.json().message).toMatch(/^Error sending test email\. /);
      } finally {
        smtp.refuse(false);
      }
    });
  },
  { env: { SMTP_CHECK_TIMEOUT_MS: String(CHECK_MS) } },
);
