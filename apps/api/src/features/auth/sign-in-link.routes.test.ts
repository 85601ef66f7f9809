// The per-account budget of password checks and the one-time sign-in link (issue 33,
// decision 0042) through the HTTP API on both engines: past 20 checks from any number of
// addresses no password is checked and the answer is the same for every password and name;
// one link is e-mailed per window; it signs in once, expires, and still asks the second factor.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect } from 'vitest';
import { createAccount, signedIn, type TestAccount } from '../../../test/accounts.ts';
import { configureSmtp, drainOutbox } from '../../../test/email.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { LOGIN_BUDGET_PER_ACCOUNT } from './login-throttle.ts';
import { SIGN_IN_LINK_TTL_MS } from './sign-in-link.service.ts';

let clients = 0;
/** A client address of its own for each attempt: the budget is per account, from all of them. */
const newClient = () => `10.33.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;
let seq = 0;

const SENT_EN =
  'Too many passwords were tried on this account, so passwords are not being checked for it for a while. If the account has an e-mail address, a one-time sign-in link has been sent to it.';

describeEachEngine('sign-in budget and one-time links', (ctx) => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    await configureSmtp(ctx(), smtp);
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const login = (username: string, password: string, language = 'en') =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password },
      headers: { 'accept-language': language },
      remoteAddress: newClient(),
    });
  const withLink = (token: unknown, language = 'en') =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login/link',
      payload: { token },
      headers: { 'accept-language': language },
    });
  const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => {
    const found = res.cookies.find((c) => c.name === name);
    return found ? `${found.name}=${found.value}` : undefined;
  };

  async function owner() {
    seq += 1;
    const email = `budget-${process.pid}-${seq}-${ctx().engine}@example.com`;
    return { ...(await createAccount(ctx(), { role: 'viewer', email, name: 'Olga Dona' })), email };
  }
  /** Wrong guesses at once, each from its own address: answers their status codes. */
  async function guesses(username: string, count: number) {
    const answers = await Promise.all(Array.from({ length: count }, (_, i) => login(username, `guess-${i}`)));
    return answers.map((a) => a.statusCode);
  }
  const linkEmails = (adminId: number) =>
    ctx()
      .db.selectFrom('emailOutbox')
      .select('id')
      .where('adminId', '=', adminId)
      .where('kind', '=', 'sign_in_link')
      .execute();
  /** Sends the outbox and reads the token of the newest sign-in link e-mailed to `to`. */
  async function linkFromEmail(to: string) {
    await drainOutbox(ctx());
    await smtp.waitFor((m) => m.envelopeTo.includes(to));
    const mails = smtp.messages.filter((m) => m.envelopeTo.includes(to));
    const mail = mails[mails.length - 1];
    const match = /http:\/\/acende\.test\/admin\/sign-in-link\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no sign-in link in: ${mail?.text}`);
    return { token: match[1], mail };
  }

  it('checks at most 20 passwords of 60 concurrent guesses from 60 addresses, then answers the same for any password or name', async () => {
    const account = await owner();
    const statuses = await guesses(account.username, 60);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_BUDGET_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 202)).toHaveLength(60 - LOGIN_BUDGET_PER_ACCOUNT);
    // The right password past the budget: not checked, no session, the same answer as a wrong one.
    const right = await login(account.username, account.password);
    const wrong = await login(account.username, 'still-wrong');
    for (const res of [right, wrong]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ signInLinkSent: true, message: SENT_EN });
      expect(res.cookies).toEqual([]);
    }
    // An unknown name past its own budget answers the same.
    const nobody = `nobody-${process.pid}-${seq}`;
    await guesses(nobody, LOGIN_BUDGET_PER_ACCOUNT);
    expect((await login(nobody, 'x')).json()).toEqual(right.json());
    const pt = await login(account.username, 'x', 'pt');
    expect(pt.json().message).toMatch(/^Muitas senhas foram tentadas nesta conta/);
    // Dozens of over-budget answers, one e-mail.
    expect(await linkEmails(account.id)).toHaveLength(1);
  });

  it('signs the owner in once with the e-mailed link; a spent, wrong or empty token is a 400 in the reader language', async () => {
    const account = await owner();
    await guesses(account.username, LOGIN_BUDGET_PER_ACCOUNT + 1);
    const { token, mail } = await linkFromEmail(account.email);
    expect(mail?.subject).toBe('Seu link de acesso ao Acende');
    expect(mail?.text).toContain('O link vale por 15 minutos');
    // Stored hashed only.
    const row = await ctx()
      .db.selectFrom('signInLinks')
      .selectAll()
      .where('adminId', '=', account.id)
      .executeTakeFirst();
    expect(row?.tokenHash).toBeTruthy();
    expect(row?.tokenHash).not.toBe(token);
    const done = await withLink(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().username).toBe(account.username);
    const session = cookieOf(done, 'acende_session');
    const profile = await ctx().app.inject({ url: '/api/admin/profile', headers: { cookie: session as string } });
    expect(profile.statusCode).toBe(200);
    // Single use.
    const again = await withLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid or expired sign-in link');
    expect((await withLink(token, 'pt')).json().message).toBe('Link de acesso inválido ou expirado');
    expect((await withLink('not-a-real-token')).statusCode).toBe(400);
    const empty = await withLink('', 'pt');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.token).toBe('O token é obrigatório');
    expect((await withLink(12345)).statusCode).toBe(400);
    // Passwords stay unchecked for the rest of the window, and no second e-mail goes out in it.
    expect((await login(account.username, account.password)).statusCode).toBe(202);
    expect(await linkEmails(account.id)).toHaveLength(1);
  });

  it('refuses a link after 15 minutes; passwords are checked again in the next window', async () => {
    const account = await owner();
    await guesses(account.username, LOGIN_BUDGET_PER_ACCOUNT + 1);
    const { token } = await linkFromEmail(account.email);
    ctx().clock.advance(SIGN_IN_LINK_TTL_MS + 1000);
    expect((await withLink(token)).statusCode).toBe(400);
    // The budget's window ended with it: the right password signs in again.
    expect((await login(account.username, account.password)).statusCode).toBe(200);
  });

  it('starts the budget again when the clock went back an hour, instead of holding the owner out for an hour', async () => {
    const account = await owner();
    await guesses(account.username, LOGIN_BUDGET_PER_ACCOUNT + 1);
    expect((await login(account.username, account.password)).statusCode).toBe(202);
    ctx().clock.advance(-3_600_000);
    try {
      expect((await login(account.username, account.password)).statusCode).toBe(200);
    } finally {
      ctx().clock.advance(3_600_000);
    }
  });

  it('sends nothing for an account without an e-mail or inactive, with the same answer', async () => {
    const bare = await createAccount(ctx(), { role: 'viewer' });
    const gone = await owner();
    await ctx().db.updateTable('admins').set({ active: 0 }).where('id', '=', gone.id).execute();
    const answers = [];
    for (const account of [bare, gone]) {
      await guesses(account.username, LOGIN_BUDGET_PER_ACCOUNT);
      answers.push((await login(account.username, account.password)).json());
      expect(await linkEmails(account.id)).toHaveLength(0);
    }
    expect(answers).toEqual([
      { signInLinkSent: true, message: SENT_EN },
      { signInLinkSent: true, message: SENT_EN },
    ]);
  });

  it('still asks the second factor after the link of an account with two-factor on', async () => {
    seq += 1;
    const email = `budget-2fa-${process.pid}-${seq}-${ctx().engine}@example.com`;
    const signed: TestAccount = await signedIn(ctx(), { role: 'viewer', email });
    const post = (url: string, payload: object, cookie?: string) =>
      ctx().app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
    const setup = await post('/api/admin/two-factor/setup', {}, signed.cookie);
    const { secret } = setup.json() as { secret: string };
    const code = () =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ctx().clock.now().getTime() });
    const confirm = await post(
      '/api/admin/two-factor/confirm',
      { code: code(), password: signed.password },
      signed.cookie,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    ctx().clock.advance(30_000);

    await guesses(signed.username, LOGIN_BUDGET_PER_ACCOUNT + 1);
    const { token } = await linkFromEmail(email);
    const step = await withLink(token);
    expect(step.statusCode, step.body).toBe(202);
    expect(step.json()).toEqual({ twoFactorRequired: true });
    expect(cookieOf(step, 'acende_session')).toBeUndefined();
    const pending = cookieOf(step, 'acende_two_factor') as string;
    const done = await post('/api/admin/login/two-factor', { code: code() }, pending);
    expect(done.statusCode, done.body).toBe(200);
    expect(cookieOf(done, 'acende_session')).toBeDefined();
  });
});
