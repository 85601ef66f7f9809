import { expect } from 'vitest';
import { createAccount, signedIn, signIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';

describeEachEngine('user management', (ctx) => {
  let seq = 0;
  const uniqueName = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
    language = 'pt',
  ) =>
    ctx().app.inject({
      method,
      url,
      headers: { ...headers, 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const profileStatus = async (cookie: string) =>
    (await ctx().app.inject({ url: '/api/admin/profile', headers: { cookie } })).statusCode;

  it('creates an account linked to a company; it signs in scoped to that company', async () => {
    const admin = await signedIn(ctx());
    const username = uniqueName('Operadora');
    const res = await call('POST', '/api/admin/users', admin.headers, {
      username: `  ${username}  `,
      name: ' Operadora Certel ',
      email: 'OPERADORA@Example.com',
      role: 'user',
      companies: [2],
      password: 'senha-segura',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      username: username.toLowerCase(),
      name: 'Operadora Certel',
      email: 'operadora@example.com',
      role: 'user',
      active: true,
      companies: [{ id: 2, name: 'Certel' }],
      crewId: null,
      crewName: null,
      twoFactorEnabled: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(created)).not.toMatch(/password|hash|session/i);

    const login = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password: 'senha-segura' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: 'user', companyIds: [2] });
  });

  it('lists accounts paged, by username, without hashes or session data', async () => {
    const admin = await signedIn(ctx());
    await createAccount(ctx(), { role: 'viewer', companyIds: [1, 3] });
    const res = await call('GET', '/api/admin/users?page=1&pageSize=10', admin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(10);
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.items.length).toBe(Math.min(10, body.total));
    const names = body.items.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort());
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|password_hash|idHash|sessionHash|\$argon2/);
    const viewer = body.items.find((u: { role: string }) => u.role === 'viewer');
    if (viewer) expect(viewer.companies.map((c: { id: number }) => c.id)).toEqual([1, 3]);

    const second = await call('GET', `/api/admin/users?page=2&pageSize=10`, admin.headers);
    expect(second.json().items.length).toBe(Math.max(0, Math.min(10, body.total - 10)));
    expect((await call('GET', '/api/admin/users?pageSize=7', admin.headers)).statusCode).toBe(400);
  });

  it('validates the form with the spec messages in pt and en', async () => {
    const admin = await signedIn(ctx());
    const pt = await call('POST', '/api/admin/users', admin.headers, {
      username: '',
      name: '  ',
      email: 'not-an-email',
      role: 'superuser',
      companies: ['x'],
      password: '123',
    });
    expect(pt.statusCode).toBe(400);
    expect(pt.json().errors).toMatchObject({
      username: 'O nome de usuário é obrigatório',
      name: 'O nome é obrigatório',
      email: 'O formato do e-mail é inválido',
      role: 'Selecione um perfil válido (administrador, usuário, visualizador ou equipe de campo)',
      password: 'A senha deve ter pelo menos 6 caracteres',
    });
    expect(Object.keys(pt.json().errors)).toContain('companies.0');

    const en = await call('POST', '/api/admin/users', admin.headers, { role: 'user' }, 'en');
    expect(en.json().errors).toMatchObject({
      username: 'Username is required',
      name: 'Name is required',
      password: 'The password must be at least 6 characters',
    });
  });

  it('refuses a company that does not exist', async () => {
    const admin = await signedIn(ctx());
    const res = await call(
      'POST',
      '/api/admin/users',
      admin.headers,
      { username: uniqueName('x'), name: 'X', role: 'user', companies: [1, 999_999], password: 'secret1' },
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'One or more of the selected energy companies do not exist',
      errors: { companies: 'One or more of the selected energy companies do not exist' },
    });
  });

  it('answers 409 with a clear message for a username already in use, whatever its case', async () => {
    const admin = await signedIn(ctx());
    const existing = await createAccount(ctx());
    const body = { username: existing.username.toUpperCase(), name: 'Dup', role: 'user', password: 'secret1' };
    const pt = await call('POST', '/api/admin/users', admin.headers, body);
    expect(pt.statusCode).toBe(409);
    expect(pt.json()).toEqual({
      message: 'Já existe um usuário com este nome de usuário',
      errors: { username: 'Já existe um usuário com este nome de usuário' },
    });
    const en = await call('POST', '/api/admin/users', admin.headers, body, 'en');
    expect(en.json().message).toBe('A user with this username already exists');

    const other = await createAccount(ctx());
    const rename = await call('PUT', `/api/admin/users/${other.id}`, admin.headers, {
      username: existing.username,
      name: 'Other',
      role: 'user',
    });
    expect(rename.statusCode).toBe(409);
  });

  it('edits name, e-mail, role and companies; the change applies at the next call', async () => {
    const admin = await signedIn(ctx());
    const operator = await signedIn(ctx(), { role: 'viewer', companyIds: [1] });
    const res = await call('PUT', `/api/admin/users/${operator.id}`, admin.headers, {
      username: operator.username,
      name: 'Renamed',
      email: '',
      role: 'user',
      companies: [3, 2, 3],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      email: null,
      role: 'user',
      active: true,
      companies: [
        { id: 2, name: 'Certel' },
        { id: 3, name: 'RGE' },
      ],
    });
    const profile = await ctx().app.inject({ url: '/api/admin/profile', headers: operator.headers });
    expect(profile.json()).toMatchObject({ name: 'Renamed', role: 'user', companyIds: [2, 3] });

    const one = await call('GET', `/api/admin/users/${operator.id}`, admin.headers);
    expect(one.json()).toEqual(res.json());
    const none = await call('GET', '/api/admin/users/999999', admin.headers, undefined, 'en');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('User not found');

    const missing = await call('PUT', '/api/admin/users/999999', admin.headers, {
      username: 'nobody-x',
      name: 'N',
      role: 'user',
    });
    expect(missing.statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/users/abc', admin.headers, {})).statusCode).toBe(400);
  });

  it('ends the sessions of an account that is deactivated or gets a new password', async () => {
    const admin = await signedIn(ctx());
    const a = await signedIn(ctx(), { role: 'user' });
    const deactivate = await call('PUT', `/api/admin/users/${a.id}`, admin.headers, {
      username: a.username,
      name: 'A',
      role: 'user',
      active: false,
    });
    expect(deactivate.statusCode).toBe(200);
    expect(deactivate.json().active).toBe(false);
    expect(await profileStatus(a.cookie)).toBe(401);
    const refused = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: a.username, password: a.password },
      remoteAddress: '10.77.0.1',
    });
    expect(refused.statusCode).toBe(401);

    const b = await signedIn(ctx(), { role: 'user' });
    const password = await call('PUT', `/api/admin/users/${b.id}`, admin.headers, {
      username: b.username,
      name: 'B',
      role: 'user',
      password: 'reset-by-admin',
    });
    expect(password.statusCode).toBe(200);
    expect(await profileStatus(b.cookie)).toBe(401);
    await signIn(ctx(), b.username, 'reset-by-admin');

    // An edit without password or deactivation keeps sessions.
    const c = await signedIn(ctx(), { role: 'user' });
    await call('PUT', `/api/admin/users/${c.id}`, admin.headers, { username: c.username, name: 'C', role: 'viewer' });
    expect(await profileStatus(c.cookie)).toBe(200);
    expect(await profileStatus(admin.cookie)).toBe(200);
  });

  it('does not let an admin remove their own admin role or deactivate themself', async () => {
    const admin = await signedIn(ctx());
    const base = { username: admin.username, name: 'Me' };
    const demote = await call('PUT', `/api/admin/users/${admin.id}`, admin.headers, { ...base, role: 'user' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toBe('Você não pode remover o seu próprio perfil de administrador');
    const off = await call(
      'PUT',
      `/api/admin/users/${admin.id}`,
      admin.headers,
      { ...base, role: 'admin', active: false },
      'en',
    );
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('You cannot deactivate your own account');
    const profile = await ctx().app.inject({ url: '/api/admin/profile', headers: admin.headers });
    expect(profile.json()).toMatchObject({ role: 'admin' });

    // Editing oneself otherwise works; a new own password keeps the caller signed in on a fresh session.
    const ok = await call('PUT', `/api/admin/users/${admin.id}`, admin.headers, {
      ...base,
      role: 'admin',
      password: 'my-new-password',
    });
    expect(ok.statusCode).toBe(200);
    const renewed = ok.cookies.find((c) => c.name === 'acende_session');
    expect(renewed?.value).toBeTruthy();
    expect(await profileStatus(admin.cookie)).toBe(401);
    expect(await profileStatus(`acende_session=${renewed?.value}`)).toBe(200);
  });

  it('is for admins only', async () => {
    const user = await signedIn(ctx(), { role: 'user' });
    const viewer = await signedIn(ctx(), { role: 'viewer' });
    for (const account of [user, viewer]) {
      expect((await call('GET', '/api/admin/users', account.headers)).statusCode).toBe(403);
      expect((await call('GET', `/api/admin/users/${account.id}`, account.headers)).statusCode).toBe(403);
      const create = await call('POST', '/api/admin/users', account.headers, {
        username: uniqueName('sneaky'),
        name: 'S',
        role: 'admin',
        password: 'secret1',
      });
      expect(create.statusCode).toBe(403);
      const promote = await call('PUT', `/api/admin/users/${account.id}`, account.headers, {
        username: account.username,
        name: 'S',
        role: 'admin',
      });
      expect(promote.statusCode).toBe(403);
    }
    expect((await call('GET', '/api/admin/users', {})).statusCode).toBe(401);
  });
});
