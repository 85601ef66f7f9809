// Crew accounts at the auth gate (decision 0068) on both engines: a crew account reaches its
// own profile, password and two-factor and is refused everything else of /api/admin; it signs
// in with two-factor like any account; a crew or an account switched off cannot sign in, and
// its live sessions stop working.
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { createAccount, createCrew, signedIn, signedInCrew, signIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';

let clientCounter = 0;
/** A client address of its own, so one test's sign-ins do not throttle another's. */
const newClient = () => `10.68.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`;

describeEachEngine('crew accounts at the auth gate', (ctx) => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, account?: TestAccount, payload?: object) =>
    ctx().app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...(account?.headers ?? {}) },
      ...(payload ? { payload } : {}),
      remoteAddress: newClient(),
    });
  const login = (username: string, password: string, language: 'pt' | 'en' = 'en') =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'accept-language': language },
      payload: { username, password },
      remoteAddress: newClient(),
    });
  const setCrewActive = (crewId: number, active: boolean) =>
    ctx()
      .db.updateTable('crews')
      .set({ active: active ? 1 : 0 })
      .where('id', '=', crewId)
      .execute();

  it('answers its profile with its crew and refuses it every admin, operator and reading route', async () => {
    const crew = await signedInCrew(ctx(), 2);
    const profile = await call('GET', '/api/admin/profile', crew);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ role: 'crew', crewId: crew.crewId, companyIds: [2] });

    for (const [method, url, payload] of [
      ['GET', '/api/admin/repair-requests', undefined],
      ['GET', '/api/admin/crews', undefined],
      ['GET', '/api/admin/work-orders', undefined],
      ['GET', '/api/admin/materials', undefined],
      ['POST', '/api/admin/crews', { companyId: 2, name: 'Intrusa' }],
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/audit', undefined],
    ] as const) {
      const res = await call(method, url, crew, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(
        'Field crew accounts use only the field app (/campo), their own profile, password and two-factor sign-in',
      );
    }
    // The refused write wrote nothing.
    const crews = await ctx().db.selectFrom('crews').select('name').where('name', '=', 'Intrusa').execute();
    expect(crews).toEqual([]);
  });

  it('lets it change its own password and turn two-factor on and off', async () => {
    const crew = await signedInCrew(ctx());
    const status = await call('GET', '/api/admin/two-factor', crew);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ enabled: false, required: false });

    const changed = await call('POST', '/api/admin/change-password', crew, {
      currentPassword: crew.password,
      newPassword: 'equipe-nova-senha',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const cookie = changed.cookies.find((c) => c.name === 'acende_session');
    const renewed = { ...crew, password: 'equipe-nova-senha', headers: { cookie: `acende_session=${cookie?.value}` } };

    const setup = await call('POST', '/api/admin/two-factor/setup', renewed, {});
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ctx().clock.now().getTime() });
    const confirm = await call('POST', '/api/admin/two-factor/confirm', renewed, {
      code,
      password: 'equipe-nova-senha',
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const off = await call('POST', '/api/admin/two-factor/disable', renewed, { password: 'equipe-nova-senha' });
    expect(off.statusCode, off.body).toBe(204);
  });

  it('signs in with two-factor like any account, and not past the code once its crew is switched off', async () => {
    const crew = await signedInCrew(ctx(), 1);
    const setup = await call('POST', '/api/admin/two-factor/setup', crew, {});
    const { secret } = setup.json() as { secret: string };
    const codeNow = (offset = 0) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ctx().clock.now().getTime() + offset });
    const confirm = await call('POST', '/api/admin/two-factor/confirm', crew, {
      code: codeNow(),
      password: crew.password,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const codeStep = async () => {
      ctx().clock.advance(30_000);
      const first = await login(crew.username, crew.password);
      expect(first.statusCode, first.body).toBe(202);
      const pending = first.cookies.find((c) => c.name === 'acende_two_factor');
      return ctx().app.inject({
        method: 'POST',
        url: '/api/admin/login/two-factor',
        headers: { cookie: `acende_two_factor=${pending?.value}`, 'accept-language': 'en' },
        payload: { code: codeNow() },
        remoteAddress: newClient(),
      });
    };
    const signedInNow = await codeStep();
    expect(signedInNow.statusCode, signedInNow.body).toBe(200);
    expect(signedInNow.json()).toMatchObject({ role: 'crew', crewId: crew.crewId, twoFactorEnabled: true });

    // Switched off after the password step, before the code: the code step refuses it.
    ctx().clock.advance(30_000);
    const first = await login(crew.username, crew.password);
    expect(first.statusCode, first.body).toBe(202);
    await setCrewActive(crew.crewId, false);
    const pending = first.cookies.find((c) => c.name === 'acende_two_factor');
    const refused = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login/two-factor',
      headers: { cookie: `acende_two_factor=${pending?.value}`, 'accept-language': 'en' },
      payload: { code: codeNow() },
      remoteAddress: newClient(),
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('Your crew is switched off. Ask the office to sign in again.');
    expect(refused.cookies.find((c) => c.name === 'acende_session')).toBeUndefined();
  });

  it('refuses the sign-in of a switched-off crew in both languages and ends its live sessions', async () => {
    const crew = await signedInCrew(ctx());
    expect((await call('GET', '/api/admin/profile', crew)).statusCode).toBe(200);
    await setCrewActive(crew.crewId, false);

    expect((await call('GET', '/api/admin/profile', crew)).statusCode).toBe(401);
    const en = await login(crew.username, crew.password, 'en');
    expect(en.statusCode, en.body).toBe(403);
    expect(en.json().message).toBe('Your crew is switched off. Ask the office to sign in again.');
    const pt = await login(crew.username, crew.password, 'pt');
    expect(pt.json().message).toBe('A sua equipe está desativada. Fale com o escritório para voltar a entrar.');
    expect(pt.cookies.find((c) => c.name === 'acende_session')).toBeUndefined();
    // A wrong password learns nothing of the crew: the usual refusal.
    const wrong = await login(crew.username, 'not-the-password');
    expect(wrong.statusCode).toBe(401);

    await setCrewActive(crew.crewId, true);
    expect((await login(crew.username, crew.password)).statusCode).toBe(200);
  });

  it('refuses the sign-in of a switched-off crew account with its own message', async () => {
    const crewId = await createCrew(ctx(), 1);
    const account = await createAccount(ctx(), { role: 'crew', crewId, companyIds: [1] });
    const cookie = await signIn(ctx(), account.username, account.password);
    await ctx().db.updateTable('admins').set({ active: 0 }).where('id', '=', account.id).execute();
    expect((await ctx().app.inject({ url: '/api/admin/profile', headers: { cookie } })).statusCode).toBe(401);
    const en = await login(account.username, account.password, 'en');
    expect(en.statusCode, en.body).toBe(403);
    expect(en.json().message).toBe('This crew account is switched off. Ask the office to sign in again.');
    const pt = await login(account.username, account.password, 'pt');
    expect(pt.json().message).toBe('Esta conta de equipe está desativada. Fale com o escritório para voltar a entrar.');
  });

  it('keeps the other roles as they were: an operator of the same company still reaches the admin routes', async () => {
    const operator = await signedIn(ctx(), { role: 'user', companyIds: [1] });
    expect((await call('GET', '/api/admin/crews', operator)).statusCode).toBe(200);
    const inactive = await createAccount(ctx(), { role: 'user' });
    await ctx().db.updateTable('admins').set({ active: 0 }).where('id', '=', inactive.id).execute();
    // An operator switched off keeps the plain refusal that says nothing about the account.
    expect((await login(inactive.username, inactive.password)).statusCode).toBe(401);
  });
});
