import { expect } from 'vitest';
import { createAccount, signedIn, signIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../plugins/auth.ts';

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
});
