// Item 8 of issue 9: session cookies and passwords, from the outside. Cookie flags (and
// the __Host- prefix with Secure in production), a new session id at every sign-in,
// logout and password change ending sessions, sign-in throttling, reset tokens with
// 128+ bits that work once, and argon2id hashes in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { call, createAccount, sessionCookieOf, signIn } from '../support/client.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, ENGINES, type Engine, startFresh } from '../support/server.ts';
import { configureSmtp } from '../support/smtp.ts';

const attributes = (setCookie: string) =>
  setCookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describe.each(ENGINES)('sessions and passwords [%s]', (engine: Engine) => {
  let env: Awaited<ReturnType<typeof startFresh>>;
  let smtp: SmtpCapture;
  let adminCookie: string;
  const base = () => env.server.url;
  const profile = (cookie: string) => call(base(), 'GET', '/api/admin/profile', { cookie }).then((r) => r.status);

  beforeAll(async () => {
    env = await startFresh(engine, { label: 'sessions' });
    smtp = await startSmtpCapture();
    adminCookie = await signIn(base());
  });
  afterAll(async () => {
    await env?.close();
    await smtp?.close();
  });

  it('sets an HttpOnly, SameSite=Lax, path=/ cookie (not Secure over plain HTTP in test mode)', async () => {
    const res = await call(base(), 'POST', '/api/admin/login', {
      body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('acende_session=')) as string;
    expect(set).toBeDefined();
    const attrs = attributes(set);
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
    // The value is long and random.
    expect((set.split(';')[0] as string).split('=')[1]?.length).toBeGreaterThanOrEqual(22);
  });

  it('in production: __Host-acende_session, Secure, HttpOnly, SameSite=Lax, no Domain, and HSTS', async () => {
    const prod = await startFresh(engine, {
      label: 'sessions-production',
      env: { NODE_ENV: 'production', APP_SECRET: 'production-secret-production-secret-0123456789' },
    });
    try {
      const res = await call(prod.server.url, 'POST', '/api/admin/login', {
        body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      });
      expect(res.status).toBe(200);
      const set = res.headers.getSetCookie().find((c) => c.startsWith('__Host-acende_session=')) as string;
      expect(set, res.headers.getSetCookie().join('\n')).toBeDefined();
      const attrs = attributes(set);
      for (const flag of ['secure', 'httponly', 'samesite=lax', 'path=/']) expect(attrs).toContain(flag);
      expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      // The cookie works under its production name.
      const prodProfile = (c: string) => call(prod.server.url, 'GET', '/api/admin/profile', { cookie: c });
      expect((await prodProfile(sessionCookieOf(res))).status).toBe(200);
      // The development name is not accepted in production.
      expect((await prodProfile(`acende_session=${sessionCookieOf(res).split('=')[1]}`)).status).toBe(401);
      // Pages carry HSTS too.
      expect((await call(prod.server.url, 'GET', '/')).headers.get('strict-transport-security')).toMatch(/max-age/);
    } finally {
      await prod.close();
    }
  });

  it('gives a new session id at every sign-in, and signing in again ends the session it came with', async () => {
    const first = await signIn(base());
    const res = await call(base(), 'POST', '/api/admin/login', {
      cookie: first,
      body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    const second = sessionCookieOf(res);
    expect(second).not.toBe(first);
    expect(await profile(second)).toBe(200);
    expect(await profile(first)).toBe(401);
    // A made-up or tampered cookie is nobody.
    expect(await profile(`${second}x`)).toBe(401);
    expect(await profile('acende_session=AAAAAAAAAAAAAAAAAAAAAAAA')).toBe(401);
  });

  it('ends the session at logout: the old cookie is refused afterwards', async () => {
    const cookie = await signIn(base());
    expect(await profile(cookie)).toBe(200);
    const out = await call(base(), 'POST', '/api/admin/logout', { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join(';')).toMatch(/acende_session=;/);
    expect(await profile(cookie)).toBe(401);
  });

  it('ends every session of the account at a password change; the caller gets a new one', async () => {
    const account = await createAccount(base(), adminCookie, 'user');
    const other = await signIn(base(), account.username, account.password);
    const res = await call(base(), 'POST', '/api/admin/change-password', {
      cookie: account.cookie,
      body: { currentPassword: account.password, newPassword: 'Novo-Segredo-42' },
    });
    expect(res.status, res.text).toBe(204);
    const renewed = sessionCookieOf(res);
    expect(renewed).not.toBe(account.cookie);
    expect(await profile(account.cookie)).toBe(401);
    expect(await profile(other)).toBe(401);
    expect(await profile(renewed)).toBe(200);
    // The old password no longer signs in; the new one does.
    const old = await call(base(), 'POST', '/api/admin/login', {
      body: { username: account.username, password: account.password },
    });
    expect(old.status).toBe(401);
    await signIn(base(), account.username, 'Novo-Segredo-42');
  });

  it('throttles sign-in after 5 failures on an account from one address, even with the right password, with Retry-After', async () => {
    const account = await createAccount(base(), adminCookie, 'viewer');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(base(), 'POST', '/api/admin/login', {
        body: { username: account.username, password: `wrong-${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const refused = await call(base(), 'POST', '/api/admin/login', {
      body: { username: account.username.toUpperCase(), password: account.password },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(typeof refused.json.message).toBe('string');
    expect(refused.headers.getSetCookie()).toEqual([]);
    // Unknown and known usernames fail alike.
    const unknown = await call(base(), 'POST', '/api/admin/login', {
      body: { username: `nobody-${process.pid}`, password: 'whatever' },
    });
    const wrong = await call(base(), 'POST', '/api/admin/login', {
      body: { username: ADMIN_USERNAME, password: 'whatever' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  it('sends reset tokens of 128+ random bits that work once and end the sessions', async () => {
    await configureSmtp(base(), adminCookie, smtp);
    const email = `reset-${engine}-${process.pid}@acende.test`;
    const username = `reset-${engine}-${process.pid}`;
    const created = await call(base(), 'POST', '/api/admin/users', {
      cookie: adminCookie,
      body: { username, password: 'Reset-Original-1', name: 'Rita Reset', email, role: 'user', companies: [] },
    });
    expect(created.status, created.text).toBe(201);
    const session = await signIn(base(), username, 'Reset-Original-1');
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const asked = await call(base(), 'POST', '/api/admin/request-password-reset', { body: { username } });
      expect(asked.status).toBe(200);
      const mail = await smtp.waitFor(
        (m) => m.envelopeTo.includes(email) && m.messageId !== '' && !tokens.some((t) => m.text.includes(t)),
        20_000,
      );
      const token = decodeURIComponent(/\/admin\/reset-password\/([^\s"<>]+)/.exec(mail.text)?.[1] ?? '');
      expect(token).not.toBe('');
      tokens.push(token);
    }
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(token.length * 6).toBeGreaterThanOrEqual(128);
    }
    expect(new Set(tokens).size).toBe(2);
    const [older, newest] = tokens as [string, string];
    // Only the newest works, once; its hash, not itself, is stored.
    const stored = await env.database.query<{ reset_token_hash: string | null }>(
      'select reset_token_hash from admins where username = ?',
      [username],
    );
    expect(stored[0]?.reset_token_hash).not.toBe(newest);
    expect(stored[0]?.reset_token_hash).not.toContain(newest);
    const complete = (token: string) =>
      call(base(), 'POST', '/api/admin/complete-password-reset', { body: { token, newPassword: 'Reset-Novo-22' } });
    expect((await complete(older)).status).toBe(400);
    expect((await complete(newest)).status).toBe(200);
    expect((await complete(newest)).status).toBe(400);
    expect(await profile(session)).toBe(401);
    await signIn(base(), username, 'Reset-Novo-22');
  });

  it('stores argon2id password hashes and only hashes of session ids', async () => {
    const rows = await env.database.query<{ username: string; password_hash: string }>(
      'select username, password_hash from admins',
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.password_hash, row.username).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    const cookie = await signIn(base());
    const value = cookie.split('=')[1] as string;
    const sessions = await env.database.query<{ id_hash: string }>('select id_hash from sessions');
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.some((s) => s.id_hash === value || s.id_hash.includes(value))).toBe(false);
  });
});
