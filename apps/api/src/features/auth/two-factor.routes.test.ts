// Two-factor sign-in (issue 24, decision 0026) through the HTTP API on both engines:
// enrolment, the sign-in's second step, replay refused (one after another and at once),
// recovery codes used once, throttling, an admin's reset, the "required for admins" rule,
// and the secret kept out of every answer and the audit log.
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { createAccount, signedIn, signIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE,
  LOGIN_WINDOW_MS,
  TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT,
} from './login-throttle.ts';
import { PENDING_SIGN_IN_MS } from './two-factor.service.ts';

let clientCounter = 0;
/** A client address of its own, so one test's failures do not throttle another's. */
const newClient = () => `10.24.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`;

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => {
  const found = res.cookies.find((c) => c.name === name);
  return found ? `${found.name}=${found.value}` : undefined;
};

describeEachEngine('two-factor sign-in', (ctx) => {
  const codeAt = (secret: string, offsetMs = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ctx().clock.now().getTime() + offsetMs });
  /** Moves to the next 30-second step, so the next code is a new one. */
  const nextStep = () => ctx().clock.advance(30_000);

  const post = (url: string, headers: Record<string, string>, payload: object, remoteAddress = '127.0.0.1') =>
    ctx().app.inject({ method: 'POST', url, headers: { 'accept-language': 'en', ...headers }, payload, remoteAddress });

  async function enrol(account: TestAccount) {
    const setup = await post('/api/admin/two-factor/setup', account.headers, {});
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirm = await post('/api/admin/two-factor/confirm', account.headers, {
      code: codeAt(secret),
      password: account.password,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return { secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  /** The password step: answers the pending-sign-in cookie. */
  async function passwordStep(account: { username: string; password: string }, remoteAddress = newClient()) {
    const res = await post(
      '/api/admin/login',
      {},
      { username: account.username, password: account.password },
      remoteAddress,
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    expect(cookieOf(res, 'acende_session')).toBeUndefined();
    const pending = cookieOf(res, 'acende_two_factor');
    expect(pending).toBeDefined();
    return pending as string;
  }

  const codeStep = (pending: string | undefined, code: string, remoteAddress = newClient()) =>
    post('/api/admin/login/two-factor', pending ? { cookie: pending } : {}, { code }, remoteAddress);

  const auditRows = (kind: string, objectId: number) =>
    ctx()
      .db.selectFrom('auditLog')
      .selectAll()
      .where('kind', '=', kind)
      .where('objectId', '=', String(objectId))
      .execute();

  it('enrols with a QR code and a confirming code, answering ten recovery codes once, sealed and audited', async () => {
    const account = await signedIn(ctx());
    const before = await ctx().app.inject({ url: '/api/admin/two-factor', headers: account.headers });
    expect(before.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const setup = await post('/api/admin/two-factor/setup', account.headers, {});
    const { secret, otpauthUri, qrSvg } = setup.json() as { secret: string; otpauthUri: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Acende:.+secret=/);
    expect(qrSvg).toMatch(/^<svg/);

    const wrong = await post('/api/admin/two-factor/confirm', account.headers, {
      code: '000000' === codeAt(secret) ? '111111' : '000000',
      password: account.password,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Invalid code. Try again.' });
    const malformed = await post('/api/admin/two-factor/confirm', account.headers, { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: { code: 'The code has 6 digits' } });
    // A stolen session alone cannot tie the account to an app: the password is asked too.
    const noPassword = await post('/api/admin/two-factor/confirm', account.headers, {
      code: codeAt(secret),
      password: 'not-the-password',
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ errors: { password: 'Current password is incorrect' } });
    const elsewhere = { cookie: await signIn(ctx(), account.username, account.password) };

    const confirm = await post('/api/admin/two-factor/confirm', account.headers, {
      code: codeAt(secret),
      password: account.password,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const status = await ctx().app.inject({ url: '/api/admin/two-factor', headers: account.headers });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    // The account's other sessions, opened with the password alone, are over.
    const other = await ctx().app.inject({ url: '/api/admin/profile', headers: elsewhere });
    expect(other.statusCode).toBe(401);
    const profile = await ctx().app.inject({ url: '/api/admin/profile', headers: account.headers });
    expect(profile.json()).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });

    // Stored sealed and hashed: neither the secret nor a recovery code is in the database as written.
    const row = await ctx()
      .db.selectFrom('adminTwoFactor')
      .selectAll()
      .where('adminId', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.secretSealed).not.toContain(secret);
    expect(row.enabledAt).not.toBeNull();
    const hashes = await ctx()
      .db.selectFrom('adminRecoveryCodes')
      .select('codeHash')
      .where('adminId', '=', account.id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const code of recoveryCodes) expect(hashes.map((h) => h.codeHash)).not.toContain(code);

    // Enrolment once: a second start is refused, and the secret is never answered again.
    const again = await post('/api/admin/two-factor/setup', account.headers, {});
    expect(again.statusCode).toBe(409);
    expect((await auditRows('auth.totp.enable', account.id)).length).toBe(1);
    expect((await auditRows('auth.totp.failed', account.id)).length).toBe(1);
    const everything = JSON.stringify(await ctx().db.selectFrom('auditLog').selectAll().execute());
    expect(everything).not.toContain(secret);
    for (const code of recoveryCodes) expect(everything).not.toContain(code);
    for (const res of [status, profile, again]) expect(res.body).not.toContain(secret);
  });

  it('asks for the code after the password, refuses a wrong one in the reader language, and signs in with the right one', async () => {
    const account = await signedIn(ctx());
    const { secret } = await enrol(account);
    nextStep();

    const pending = await passwordStep(account);
    const withPendingOnly = await ctx().app.inject({ url: '/api/admin/profile', headers: { cookie: pending } });
    expect(withPendingOnly.statusCode).toBe(401);

    const noCookie = await codeStep(undefined, codeAt(secret));
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json()).toEqual({ message: 'The sign-in has expired. Enter your username and password again.' });

    const wrongCode = codeAt(secret) === '123456' ? '654321' : '123456';
    const wrong = await codeStep(pending, wrongCode);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'Invalid code. Try again.' });
    const wrongPt = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login/two-factor',
      headers: { cookie: pending },
      payload: { code: wrongCode },
      remoteAddress: newClient(),
    });
    expect(wrongPt.json()).toMatchObject({ message: 'Código inválido. Tente novamente.' });
    expect((await auditRows('auth.totp.failed', account.id)).length).toBe(2);

    const ok = await codeStep(pending, codeAt(secret));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: account.id, twoFactorEnabled: true });
    const session = cookieOf(ok, 'acende_session');
    const profile = await ctx().app.inject({ url: '/api/admin/profile', headers: { cookie: session as string } });
    expect(profile.statusCode).toBe(200);

    // The waiting sign-in was single-use.
    nextStep();
    const reused = await codeStep(pending, codeAt(secret));
    expect(reused.statusCode).toBe(400);
  });

  it('refuses a code whose time step was already accepted, and takes the next one', async () => {
    const account = await signedIn(ctx());
    const { secret } = await enrol(account);
    // Enrolment spent the current step: the same code cannot sign in.
    const first = await codeStep(await passwordStep(account), codeAt(secret));
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ message: "This code has already been used. Wait for the app's next code." });

    nextStep();
    const code = codeAt(secret);
    expect((await codeStep(await passwordStep(account), code)).statusCode).toBe(200);
    const replay = await codeStep(await passwordStep(account), code);
    expect(replay.statusCode).toBe(401);
    // An older step within the window is refused too, once a later one was accepted.
    const previous = await codeStep(await passwordStep(account), codeAt(secret, -30_000));
    expect(previous.statusCode).toBe(401);

    nextStep();
    expect((await codeStep(await passwordStep(account), codeAt(secret))).statusCode).toBe(200);
  });

  it('signs in after the server’s clock went back an hour, once per code, with no replay of the step before', async () => {
    const account = await signedIn(ctx());
    const { secret } = await enrol(account);
    nextStep();
    expect((await codeStep(await passwordStep(account), codeAt(secret))).statusCode).toBe(200);
    ctx().clock.advance(-3_600_000);
    try {
      const code = codeAt(secret);
      const back = await codeStep(await passwordStep(account), code);
      expect(back.statusCode, back.body).toBe(200);
      // The step now spent is the clock's again: the same code and the one before are refused.
      expect((await codeStep(await passwordStep(account), code)).statusCode).toBe(401);
      expect((await codeStep(await passwordStep(account), codeAt(secret, -30_000))).statusCode).toBe(401);
      nextStep();
      expect((await codeStep(await passwordStep(account), codeAt(secret))).statusCode).toBe(200);
    } finally {
      ctx().clock.advance(3_600_000);
    }
  });

  it('lets exactly one of concurrent sign-ins with the same code through', async () => {
    const account = await signedIn(ctx());
    const { secret } = await enrol(account);
    nextStep();
    const pendings = await Promise.all(Array.from({ length: 6 }, () => passwordStep(account)));
    const code = codeAt(secret);
    const answers = await Promise.all(pendings.map((pending) => codeStep(pending, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });

  it('takes each recovery code once, also when sent at once', async () => {
    const account = await signedIn(ctx());
    const { recoveryCodes } = await enrol(account);
    const [first, second] = recoveryCodes as [string, string];

    const ok = await codeStep(await passwordStep(account), first.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await codeStep(await passwordStep(account), first);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: 'Invalid code. Try again.' });

    const pendings = await Promise.all([passwordStep(account), passwordStep(account), passwordStep(account)]);
    const answers = await Promise.all(pendings.map((pending) => codeStep(pending, second)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);

    const status = await ctx().app.inject({ url: '/api/admin/two-factor', headers: account.headers });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('throttles code guessing like password guessing', async () => {
    const account = await signedIn(ctx());
    const { secret } = await enrol(account);
    nextStep();
    const client = newClient();
    const pending = await passwordStep(account, client);
    const wrong = codeAt(secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE; i += 1) {
      expect((await codeStep(pending, wrong, client)).statusCode).toBe(401);
    }
    const refused = await codeStep(pending, codeAt(secret), client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps counting wrong codes across a new password step from the same address', async () => {
    const account = await signedIn(ctx());
    const { secret } = await enrol(account);
    nextStep();
    const client = newClient();
    const wrong = codeAt(secret) === '123456' ? '654321' : '123456';
    let pending = await passwordStep(account, client);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE - 1; i += 1) {
      expect((await codeStep(pending, wrong, client)).statusCode).toBe(401);
    }
    // A right password again does not wipe the failures the code step is limited by.
    pending = await passwordStep(account, client);
    expect((await codeStep(pending, wrong, client)).statusCode).toBe(401);
    const refused = await codeStep(pending, codeAt(secret), client);
    expect(refused.statusCode).toBe(429);
  });

  it('refuses the code step of an account after too many wrong codes from any number of addresses', async () => {
    const account = await signedIn(ctx());
    const { secret } = await enrol(account);
    nextStep();
    const pending = await passwordStep(account);
    const wrong = codeAt(secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT; i += 1) {
      expect((await codeStep(pending, wrong, newClient())).statusCode).toBe(401);
    }
    const refused = await codeStep(pending, codeAt(secret), newClient());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The window over, the right code goes through (and its count is forgotten).
    ctx().clock.advance(LOGIN_WINDOW_MS + 1000);
    nextStep();
    const again = await passwordStep(account);
    expect((await codeStep(again, codeAt(secret))).statusCode).toBe(200);
  });

  it('answers a clear 400 when the waiting sign-in has expired', async () => {
    const account = await signedIn(ctx());
    const { secret } = await enrol(account);
    const pending = await passwordStep(account);
    ctx().clock.advance(PENDING_SIGN_IN_MS + 1000);
    const late = await codeStep(pending, codeAt(secret));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: 'The sign-in has expired. Enter your username and password again.' });
  });

  it('lets an admin reset another account second factor (audited), and nobody else', async () => {
    const admin = await signedIn(ctx());
    const target = await signedIn(ctx(), { role: 'user' });
    await enrol(target);
    const operator = await signedIn(ctx(), { role: 'user' });

    const refused = await post(`/api/admin/users/${target.id}/two-factor/reset`, operator.headers, {});
    expect(refused.statusCode).toBe(403);
    const self = await post(`/api/admin/users/${admin.id}/two-factor/reset`, admin.headers, {});
    expect(self.statusCode).toBe(400);
    const missing = await post('/api/admin/users/999999/two-factor/reset', admin.headers, {});
    expect(missing.statusCode).toBe(404);

    const users = await ctx().app.inject({ url: '/api/admin/users?pageSize=100', headers: admin.headers });
    const listed = (users.json() as { items: { id: number; twoFactorEnabled: boolean }[] }).items;
    expect(listed.find((u) => u.id === target.id)?.twoFactorEnabled).toBe(true);

    const reset = await post(`/api/admin/users/${target.id}/two-factor/reset`, admin.headers, {});
    expect(reset.statusCode, reset.body).toBe(204);
    const audit = await auditRows('auth.totp.reset', target.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, objectType: 'admin' });
    expect((await post(`/api/admin/users/${target.id}/two-factor/reset`, admin.headers, {})).statusCode).toBe(409);

    const login = await post(
      '/api/admin/login',
      {},
      { username: target.username, password: target.password },
      newClient(),
    );
    expect(login.statusCode).toBe(200);
  });

  it('turns off with the password or a current code, audited, and not with a wrong one', async () => {
    const account = await signedIn(ctx());
    await enrol(account);
    const wrong = await post('/api/admin/two-factor/disable', account.headers, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    const empty = await post('/api/admin/two-factor/disable', account.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: { password: 'Enter a current code or your password' } });
    const off = await post('/api/admin/two-factor/disable', account.headers, { password: account.password });
    expect(off.statusCode, off.body).toBe(204);
    expect(await auditRows('auth.totp.disable', account.id)).toHaveLength(1);

    const { secret } = await enrol(account);
    nextStep();
    const byCode = await post('/api/admin/two-factor/disable', account.headers, { code: codeAt(secret) });
    expect(byCode.statusCode, byCode.body).toBe(204);
    const login = await post(
      '/api/admin/login',
      {},
      { username: account.username, password: account.password },
      newClient(),
    );
    expect(login.statusCode).toBe(200);
  });

  it('while required for admins, sends an admin without it to set it up and refuses everything else until then', async () => {
    const boss = await signedIn(ctx());
    const refusedOn = await ctx().app.inject({
      method: 'PUT',
      url: '/api/admin/security-settings',
      headers: { ...boss.headers, 'accept-language': 'en' },
      payload: { requireTwoFactorForAdmins: true },
    });
    expect(refusedOn.statusCode).toBe(400);
    await enrol(boss);
    const viewer = await signedIn(ctx(), { role: 'viewer' });
    const byViewer = await ctx().app.inject({
      method: 'PUT',
      url: '/api/admin/security-settings',
      headers: viewer.headers,
      payload: { requireTwoFactorForAdmins: true },
    });
    expect(byViewer.statusCode).toBe(403);
    const on = await ctx().app.inject({
      method: 'PUT',
      url: '/api/admin/security-settings',
      headers: boss.headers,
      payload: { requireTwoFactorForAdmins: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const settingAudit = await ctx()
      .db.selectFrom('auditLog')
      .selectAll()
      .where('kind', '=', 'settings.security.update')
      .execute();
    expect(settingAudit).toHaveLength(1);

    try {
      const admin = await createAccount(ctx());
      const login = await post(
        '/api/admin/login',
        {},
        { username: admin.username, password: admin.password },
        newClient(),
      );
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
      const headers = { cookie: cookieOf(login, 'acende_session') as string };
      const users = await ctx().app.inject({
        url: '/api/admin/users',
        headers: { ...headers, 'accept-language': 'en' },
      });
      expect(users.statusCode).toBe(403);
      expect(users.json()).toMatchObject({ message: 'Set up two-factor sign-in to continue' });
      const requests = await ctx().app.inject({ url: '/api/admin/repair-requests', headers });
      expect(requests.statusCode).toBe(403);

      // An operator is not an admin: the rule does not touch them.
      const operator = await signedIn(ctx(), { role: 'user' });
      expect(
        (await ctx().app.inject({ url: '/api/admin/repair-requests', headers: operator.headers })).statusCode,
      ).toBe(200);

      const { secret } = await enrol({ ...admin, cookie: headers.cookie, headers });
      expect((await ctx().app.inject({ url: '/api/admin/users', headers })).statusCode).toBe(200);
      // And while required, it cannot be turned off.
      nextStep();
      const off = await post('/api/admin/two-factor/disable', headers, { code: codeAt(secret) });
      expect(off.statusCode).toBe(400);
      expect(off.json()).toMatchObject({
        message: 'Two-factor sign-in is required for administrators and cannot be turned off',
      });
    } finally {
      await ctx().app.inject({
        method: 'PUT',
        url: '/api/admin/security-settings',
        headers: boss.headers,
        payload: { requireTwoFactorForAdmins: false },
      });
    }
  });
});
