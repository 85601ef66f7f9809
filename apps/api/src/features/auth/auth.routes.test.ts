import { expect } from 'vitest';
import { createAccount, signedIn, signIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE, LOGIN_SLOWDOWN_MS, LOGIN_WINDOW_MS } from './login-throttle.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.service.ts';

let clientCounter = 0;
/** A client address of its own, so one test's failures do not throttle another's. */
const newClient = () => `10.9.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`;

describeEachEngine('admin sign-in and sessions', (ctx) => {
  it('signs in with the right password and answers the profile', async () => {
    const account = await createAccount(ctx(), { role: 'user', companyIds: [2], email: 'op@example.com' });
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: account.username.toUpperCase(), password: account.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: account.id,
      username: account.username,
      name: `Test ${account.username}`,
      email: 'op@example.com',
      role: 'user',
      language: 'pt',
      companyIds: [2],
      crewId: null,
      twoFactorEnabled: false,
      twoFactorSetupRequired: false,
    });
    const cookie = res.cookies.find((c) => c.name === 'acende_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(22);
    const stored = await ctx().db.selectFrom('sessions').select('idHash').where('adminId', '=', account.id).execute();
    expect(stored.map((s) => s.idHash)).not.toContain(cookie?.value);
  });

  it('answers an unknown user and a wrong password alike', async () => {
    const account = await createAccount(ctx());
    const wrong = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: account.username, password: 'nope-nope' },
      headers: { 'accept-language': 'en' },
    });
    const unknown = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'nobody-here', password: 'nope-nope' },
      headers: { 'accept-language': 'en' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid credentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('gives the profile only with a live session, and logout ends it', async () => {
    const anonymous = await ctx().app.inject({ url: '/api/admin/profile' });
    expect(anonymous.statusCode).toBe(401);
    const account = await signedIn(ctx());
    const profile = await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().username).toBe(account.username);
    const logout = await ctx().app.inject({ method: 'POST', url: '/api/admin/logout', headers: account.headers });
    expect(logout.statusCode).toBe(204);
    const after = await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers });
    expect(after.statusCode).toBe(401);
  });

  it('issues a new session id at every sign-in', async () => {
    const account = await createAccount(ctx());
    const first = await signIn(ctx(), account.username, account.password);
    const second = await signIn(ctx(), account.username, account.password);
    expect(second).not.toBe(first);
  });

  it('expires a session after 1 h idle and 12 h in all', async () => {
    const account = await signedIn(ctx());
    ctx().clock.advance(SESSION_IDLE_MS + 1000);
    expect((await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers })).statusCode).toBe(401);

    const busy = await signedIn(ctx());
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS; elapsed += 50 * 60 * 1000) {
      const res = await ctx().app.inject({ url: '/api/admin/profile', headers: busy.headers });
      expect(res.statusCode).toBe(200);
      ctx().clock.advance(50 * 60 * 1000);
    }
    expect((await ctx().app.inject({ url: '/api/admin/profile', headers: busy.headers })).statusCode).toBe(401);
  });

  it('sweeps sessions that expired when someone signs in', async () => {
    const idle = await signedIn(ctx());
    ctx().clock.advance(SESSION_IDLE_MS + 1000);
    await signedIn(ctx());
    const left = await ctx().db.selectFrom('sessions').select('adminId').where('adminId', '=', idle.id).execute();
    expect(left).toEqual([]);
  });

  it('refuses a cross-site state change', async () => {
    const account = await signedIn(ctx());
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { ...account.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers })).statusCode).toBe(200);
  });

  const login = (username: string, password: string, remoteAddress = newClient(), language = 'pt') =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password },
      remoteAddress,
      headers: { 'accept-language': language },
    });

  it('takes about the same time for an unknown user as for a wrong password', async () => {
    const account = await createAccount(ctx());
    const time = async (username: string) => {
      const started = performance.now();
      const res = await login(username, 'wrong-password');
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    await time('warm-up-unknown');
    // Interleaved, compared by median: other processes on the machine slow both alike.
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      wrong.push(await time(account.username));
      unknown.push(await time(`nobody-${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    // Both pay one argon2id verification; a skipped hash would make the unknown case ~100× faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 4);
  });

  it('refuses a source after 5 failures on one account with 429 and Retry-After; other sources still sign in', async () => {
    const account = await createAccount(ctx());
    const client = newClient();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(account.username, `wrong-${i}`, client)).statusCode).toBe(401);
    }
    ctx().clock.advance(60_000);
    const refused = await login(account.username, account.password, client, 'en');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(14 * 60);
    expect(refused.json().message).toBe(`Too many sign-in attempts. Try again in ${14 * 60} seconds.`);
    const pt = await login(account.username.toUpperCase(), account.password, client);
    expect(pt.statusCode).toBe(429);
    expect(pt.json().message).toBe(`Muitas tentativas de login. Tente novamente em ${14 * 60} segundos.`);

    // The failures were that source's: the owner elsewhere signs in, and the source may use another account.
    expect((await login(account.username, account.password)).statusCode).toBe(200);
    const other = await createAccount(ctx());
    expect((await login(other.username, other.password, client)).statusCode).toBe(200);

    ctx().clock.advance(LOGIN_WINDOW_MS - 60_000);
    expect((await login(account.username, account.password, client)).statusCode).toBe(200);
  });

  it('counts unknown usernames too, and forgives a source after a successful sign-in', async () => {
    const client = newClient();
    for (let i = 0; i < 5; i += 1) expect((await login('ghost-user', 'x', client)).statusCode).toBe(401);
    expect((await login('ghost-user', 'x', client)).statusCode).toBe(429);

    const account = await createAccount(ctx());
    for (let i = 0; i < 4; i += 1) expect((await login(account.username, 'bad', client)).statusCode).toBe(401);
    expect((await login(account.username, account.password, client)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(account.username, 'bad', client)).statusCode).toBe(401);
    expect((await login(account.username, account.password, client)).statusCode).toBe(200);
    ctx().clock.advance(LOGIN_WINDOW_MS + 1000);
  });

  it('checks at most 5 passwords of 100 concurrent sign-ins from one source; the right one arriving late is refused', async () => {
    const account = await createAccount(ctx());
    const client = newClient();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(account.username, i === 99 ? account.password : `wrong-${i}`, client, 'en'),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE);
    expect(statuses[99]).toBe(429);
    expect(answers[99]?.json().message).toMatch(/^Too many sign-in attempts/);
    expect(answers[99]?.cookies).toEqual([]);
    // Still refused afterwards; the owner elsewhere is not.
    expect((await login(account.username, account.password, client)).statusCode).toBe(429);
    expect((await login(account.username, account.password)).statusCode).toBe(200);
    ctx().clock.advance(LOGIN_WINDOW_MS + 1000);
  });

  it('does not lock an account failing from many sources: a fresh source signs in, slowed down without a captcha', async () => {
    const account = await createAccount(ctx());
    // 3 sources × 5 failures, at once: past LOGIN_ACCOUNT_UNDER_ATTACK_FAILURES for the account.
    const attackers = Array.from({ length: 3 }, () => newClient());
    const guesses = await Promise.all(
      attackers.flatMap((attacker) =>
        Array.from({ length: 5 }, (_, i) => login(account.username, `guess-${i}`, attacker)),
      ),
    );
    expect(guesses.map((g) => g.statusCode)).toEqual(Array(15).fill(401));
    for (const attacker of attackers) {
      expect((await login(account.username, account.password, attacker)).statusCode).toBe(429);
    }
    const started = performance.now();
    const owner = await login(account.username, account.password, newClient());
    expect(owner.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_MS - 50);
    ctx().clock.advance(LOGIN_WINDOW_MS + 1000);
  });

  it('refuses a client that fails across many usernames', async () => {
    const client = newClient();
    for (let i = 0; i < ctx().config.LOGIN_MAX_FAILURES_PER_IP; i += 1) {
      expect((await login(`spray-${i}`, 'guess', client)).statusCode).toBe(401);
    }
    const account = await createAccount(ctx());
    const refused = await login(account.username, account.password, client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(account.username, account.password, newClient())).statusCode).toBe(200);
    ctx().clock.advance(LOGIN_WINDOW_MS + 1000);
  });

  it('keeps failures in the database, so a second instance sees them', async () => {
    const account = await createAccount(ctx());
    const client = newClient();
    for (let i = 0; i < 5; i += 1) expect((await login(account.username, 'bad', client)).statusCode).toBe(401);
    const { buildApp } = await import('../../app.ts');
    const second = await buildApp({ config: ctx().config, db: ctx().db, clock: ctx().clock, logger: false });
    try {
      const res = await second.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: account.username, password: account.password },
        remoteAddress: client,
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
    ctx().clock.advance(LOGIN_WINDOW_MS + 1000);
  });

  const changePassword = (headers: Record<string, string>, payload: unknown, language = 'pt') =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      payload: payload as Record<string, unknown>,
      headers: { ...headers, 'accept-language': language },
    });

  it('changes the password: old cookies and other sessions end, the caller gets a fresh session', async () => {
    const account = await signedIn(ctx(), { role: 'viewer' });
    const otherDevice = await signIn(ctx(), account.username, account.password);
    const res = await changePassword(account.headers, {
      currentPassword: account.password,
      newPassword: 'brand-new-secret',
    });
    expect(res.statusCode).toBe(204);
    const renewed = res.cookies.find((c) => c.name === 'acende_session');
    expect(renewed?.value).toBeTruthy();
    expect(`acende_session=${renewed?.value}`).not.toBe(account.cookie);

    expect((await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers })).statusCode).toBe(401);
    expect((await ctx().app.inject({ url: '/api/admin/profile', headers: { cookie: otherDevice } })).statusCode).toBe(
      401,
    );
    const fresh = await ctx().app.inject({
      url: '/api/admin/profile',
      headers: { cookie: `acende_session=${renewed?.value}` },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().username).toBe(account.username);

    expect((await login(account.username, account.password)).statusCode).toBe(401);
    expect((await login(account.username, 'brand-new-secret')).statusCode).toBe(200);
  });

  it('refuses a wrong current password and a short new one, in pt and en', async () => {
    const account = await signedIn(ctx(), { role: 'user' });
    const wrong = await changePassword(account.headers, { currentPassword: 'nope', newPassword: 'another-one' }, 'en');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'Current password is incorrect',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    const wrongPt = await changePassword(account.headers, { currentPassword: 'nope', newPassword: 'another-one' });
    expect(wrongPt.json().message).toBe('A senha atual está incorreta');

    const short = await changePassword(account.headers, { currentPassword: account.password, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: 'A nova senha deve ter pelo menos 6 caracteres' });
    const missing = await changePassword(account.headers, { newPassword: '123456' });
    expect(missing.json().errors).toEqual({ currentPassword: 'A senha atual é obrigatória' });
    const missingEn = await changePassword(account.headers, { currentPassword: '', newPassword: '1' }, 'en');
    expect(missingEn.json().errors).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'The new password must be at least 6 characters',
    });

    // Nothing changed: the session and the old password still work.
    expect((await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers })).statusCode).toBe(200);
    expect((await login(account.username, account.password)).statusCode).toBe(200);
  });

  it('checks at most 5 current passwords of 100 concurrent changes; the right one arriving late changes nothing', async () => {
    const account = await signedIn(ctx(), { role: 'viewer' });
    const client = newClient();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/admin/change-password',
          payload: { currentPassword: i === 99 ? account.password : `wrong-${i}`, newPassword: 'taken-over-now' },
          headers: { ...account.headers, 'accept-language': 'en' },
          remoteAddress: client,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE);
    expect(statuses[99]).toBe(429);
    expect(answers[99]?.json().message).toMatch(/^Too many sign-in attempts/);
    // The password did not change and the session lives on.
    expect((await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers })).statusCode).toBe(200);
    expect((await login(account.username, 'taken-over-now')).statusCode).toBe(401);
    expect((await login(account.username, account.password)).statusCode).toBe(200);
    ctx().clock.advance(LOGIN_WINDOW_MS + 1000);
  });

  it('needs a session to change a password', async () => {
    const res = await changePassword({}, { currentPassword: 'a', newPassword: 'bbbbbb' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a cross-site password change', async () => {
    const account = await signedIn(ctx());
    const res = await changePassword(
      { ...account.headers, origin: 'https://evil.example' },
      { currentPassword: account.password, newPassword: 'hijacked-password' },
    );
    expect(res.statusCode).toBe(403);
    expect((await login(account.username, account.password)).statusCode).toBe(200);
  });
});
