import { PASSWORD_RESET_TTL_MS } from '@acende/shared/constants';
import { afterAll, beforeAll, expect } from 'vitest';
import { createAccount, signedIn, signIn } from '../../../test/accounts.ts';
import { configureSmtp, drainOutbox } from '../../../test/email.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';

let seq = 0;

describeEachEngine(
  'password reset',
  (ctx) => {
    let smtp: SmtpCapture;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      await configureSmtp(ctx(), smtp);
    });
    afterAll(async () => {
      await smtp?.close();
    });

    const requestReset = (username: string, language = 'en') =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/admin/request-password-reset',
        payload: { username },
        headers: { 'accept-language': language },
      });
    const complete = (token: string, newPassword: string, language = 'en') =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/admin/complete-password-reset',
        payload: { token, newPassword },
        headers: { 'accept-language': language },
      });
    const login = (username: string, password: string) =>
      ctx().app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });

    async function accountWithEmail(c: TestContext, language: 'pt' | 'en' = 'en') {
      seq += 1;
      const email = `reset-${process.pid}-${seq}-${c.engine}@example.com`;
      const account = await createAccount(c, { email, name: 'Rita Reis' });
      await c.db.updateTable('admins').set({ language }).where('id', '=', account.id).execute();
      return { ...account, email };
    }

    /** Sends what is queued and reads the token from the newest reset e-mail to `to`. */
    async function tokenFromEmail(to: string, previous = 0) {
      await drainOutbox(ctx());
      await smtp.waitFor(
        (m) => m.envelopeTo.includes(to) && smtp.messages.filter((x) => x.envelopeTo.includes(to)).length > previous,
      );
      const mails = smtp.messages.filter((m) => m.envelopeTo.includes(to));
      const mail = mails[mails.length - 1];
      const match = /http:\/\/acende\.test\/admin\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
      if (!match?.[1]) throw new Error(`no reset link in: ${mail?.text}`);
      return { token: match[1], mail, count: mails.length };
    }

    it('resets a forgotten password from the e-mail link and signs in with the new one, ending old sessions', async () => {
      const account = await accountWithEmail(ctx(), 'en');
      const oldSession = await signIn(ctx(), account.username, account.password);
      const res = await requestReset(account.username);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'If the user exists, an email will be sent...' });
      const { token, mail } = await tokenFromEmail(account.email);
      expect(mail?.subject).toBe('Reset your Acende password');
      expect(mail?.html).toContain(`href="http://acende.test/admin/reset-password/${token}"`);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      // Stored hashed only.
      const row = await ctx()
        .db.selectFrom('admins')
        .select('resetTokenHash')
        .where('id', '=', account.id)
        .executeTakeFirst();
      expect(row?.resetTokenHash).toBeTruthy();
      expect(row?.resetTokenHash).not.toBe(token);

      const done = await complete(token, 'brand-new-pass');
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ message: 'Password changed successfully' });
      expect((await login(account.username, account.password)).statusCode).toBe(401);
      expect((await login(account.username, 'brand-new-pass')).statusCode).toBe(200);
      const profile = await ctx().app.inject({ url: '/api/admin/profile', headers: { cookie: oldSession } });
      expect(profile.statusCode).toBe(401);

      // Single use.
      const reuse = await complete(token, 'another-pass');
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().message).toBe('Invalid or expired token');
      expect((await complete(token, 'another-pass', 'pt')).json().message).toBe('Token inválido ou expirado');
    });

    it('writes the reset e-mail in the account language', async () => {
      const account = await accountWithEmail(ctx(), 'pt');
      const res = await requestReset(account.username, 'pt');
      expect(res.json()).toEqual({ message: 'Se o usuário existir, um e-mail será enviado...' });
      const { mail } = await tokenFromEmail(account.email);
      expect(mail?.subject).toBe('Redefinição da sua senha do Acende');
      expect(mail?.text).toContain('O link vale por 1 hora');
    });

    it('refuses an expired token (after 1 hour)', async () => {
      const account = await accountWithEmail(ctx());
      await requestReset(account.username);
      const { token } = await tokenFromEmail(account.email);
      ctx().clock.advance(PASSWORD_RESET_TTL_MS + 1000);
      const res = await complete(token, 'brand-new-pass');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid or expired token');
      expect((await login(account.username, account.password)).statusCode).toBe(200);
    });

    it('kills an older token when a new one is issued', async () => {
      const account = await accountWithEmail(ctx());
      await requestReset(account.username);
      const first = await tokenFromEmail(account.email);
      await requestReset(account.username);
      const second = await tokenFromEmail(account.email, first.count);
      expect(second.token).not.toBe(first.token);
      expect((await complete(first.token, 'brand-new-pass')).statusCode).toBe(400);
      expect((await complete(second.token, 'brand-new-pass')).statusCode).toBe(200);
    });

    it('answers the same, in about the same time, for an unknown user, and queues nothing', async () => {
      const account = await accountWithEmail(ctx());
      const before = await ctx().db.selectFrom('emailOutbox').select('id').execute();
      const t0 = performance.now();
      const unknown = await requestReset(`nobody-${seq}`);
      const t1 = performance.now();
      const known = await requestReset(account.username);
      const t2 = performance.now();
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      const after = await ctx().db.selectFrom('emailOutbox').select('id').execute();
      expect(after.length).toBe(before.length + 1);
      expect(t1 - t0).toBeGreaterThanOrEqual(290);
      expect(Math.abs(t2 - t1 - (t1 - t0))).toBeLessThan(250);
    });

    it('sends at most 3 reset e-mails an hour per account', async () => {
      const account = await accountWithEmail(ctx());
      for (let i = 0; i < 5; i++) expect((await requestReset(account.username)).statusCode).toBe(200);
      const rows = await ctx()
        .db.selectFrom('emailOutbox')
        .select(['id', 'messageId'])
        .where('adminId', '=', account.id)
        .where('kind', '=', 'password_reset')
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(3);
      // The third e-mail's token is still the live one: the refused requests did not replace it.
      // The worker sends a round's mails at once, so they arrive in any order: the third is
      // found by the Message-ID of the third queued row.
      await drainOutbox(ctx());
      const mails = smtp.messages.filter((m) => m.envelopeTo.includes(account.email));
      expect(mails).toHaveLength(3);
      const third = mails.find((m) => m.messageId === rows[2]?.messageId);
      const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(third?.text ?? '')?.[1] as string;
      ctx().clock.advance(59 * 60 * 1000);
      expect((await complete(token, 'brand-new-pass')).statusCode).toBe(200);
      ctx().clock.advance(2 * 60 * 1000);
      await requestReset(account.username);
      const later = await ctx().db.selectFrom('emailOutbox').select('id').where('adminId', '=', account.id).execute();
      expect(later).toHaveLength(4);
    });

    it('queues nothing for an account without an e-mail', async () => {
      const noEmail = await createAccount(ctx());
      const before = await ctx().db.selectFrom('emailOutbox').select('id').execute();
      expect((await requestReset(noEmail.username)).statusCode).toBe(200);
      expect(await ctx().db.selectFrom('emailOutbox').select('id').execute()).toHaveLength(before.length);
    });

    it('validates the payloads with the spec messages', async () => {
      const empty = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/request-password-reset',
        payload: { username: '  ', captchaToken: 'ignored' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('O nome de usuário é obrigatório');
      const noToken = await complete('', 'brand-new-pass', 'pt');
      expect(noToken.json().errors.token).toBe('O token é obrigatório');
      const short = await complete('abcdefabcdefabcdef', '123', 'pt');
      expect(short.json().errors.newPassword).toBe('A nova senha deve ter pelo menos 6 caracteres');
      const bogus = await complete('not-a-real-token', 'brand-new-pass', 'en');
      expect(bogus.statusCode).toBe(400);
      expect(bogus.json().message).toBe('Invalid or expired token');
      // A signed-in admin is not needed, and a session does not change the answer.
      const admin = await signedIn(ctx());
      const withSession = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/request-password-reset',
        payload: { username: admin.username },
        headers: admin.headers,
      });
      expect(withSession.statusCode).toBe(200);
    });
  },
  { env: { GEOCODER_URL: 'http://127.0.0.1:9' } },
);
