import { POLE_LIST_COUNT_CAP } from '@acende/shared/schemas/poles-registry';
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';

describeEachEngine('administrators: pole registry', (ctx) => {
  let admin: TestAccount;
  let viewer: TestAccount;
  /** A user linked to company 2 (Certel) only. */
  let certelUser: TestAccount;

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    viewer = await signedIn(ctx(), { role: 'viewer' });
    certelUser = await signedIn(ctx(), { role: 'user', companyIds: [2] });
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    account: TestAccount = admin,
    language = 'pt',
  ) => ctx().app.inject({ method, url, payload, headers: { ...account.headers, 'accept-language': language } });
  const pole = (change: object = {}) => ({
    companyId: 1,
    number: 'p-100',
    latitude: -30.03,
    longitude: -51.23,
    street: 'Rua dos Andradas',
    description: 'Em frente ao 100',
    ...change,
  });

  it('creates a pole (number normalised, active by default), reads it and edits it', async () => {
    const created = await call('POST', '/api/admin/poles', pole({ number: ' crud 1 ' }));
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      companyId: 1,
      companyName: 'CEEE',
      number: 'CRUD-1',
      active: true,
      street: 'Rua dos Andradas',
    });
    const read = await call('GET', `/api/admin/poles/${body.id}`, undefined, viewer);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);

    const edited = await call(
      'PUT',
      `/api/admin/poles/${body.id}`,
      pole({ number: 'CRUD-2', companyId: 2, street: '', active: false }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: body.id,
      companyId: 2,
      companyName: 'Certel',
      number: 'CRUD-2',
      street: null,
      active: false,
    });
    const back = await call(
      'PUT',
      `/api/admin/poles/${body.id}`,
      pole({ number: 'CRUD-2', companyId: 2, active: true, street: 'Travessa Zeta' }),
    );
    expect(back.json().active).toBe(true);
    // The street search follows the edits (SQLite's index is kept by triggers).
    const streetSearch = async (q: string) =>
      (await call('GET', `/api/admin/poles?q=${q}`)).json().items.map((p: { id: number }) => p.id);
    expect(await streetSearch('zeta')).toEqual([body.id]);
    await call('PUT', `/api/admin/poles/${body.id}`, pole({ number: 'CRUD-2', companyId: 2, street: 'Beco Novo' }));
    expect(await streetSearch('zeta')).toEqual([]);
    expect(await streetSearch('ECO%20NOV')).toEqual([body.id]);

    expect((await call('GET', '/api/admin/poles/999999')).json()).toEqual({ message: 'Poste não encontrado' });
    expect((await call('PUT', '/api/admin/poles/999999', pole({ number: 'NONE' }))).statusCode).toBe(404);
    expect((await ctx().app.inject({ url: `/api/admin/poles/${body.id}` })).statusCode).toBe(401);
  });

  it.each([
    ['number', { number: '' }, 'O número do poste é obrigatório', 'The pole number is required'],
    ['number', { number: 'ab/c' }, 'Use de 1 a 32', 'Use 1 to 32 letters'],
    [
      'latitude',
      { latitude: 91 },
      'A latitude deve ser um número entre -90 e 90',
      'Latitude must be a number between -90 and 90',
    ],
    [
      'longitude',
      { longitude: 'x' },
      'A longitude deve ser um número entre -180 e 180',
      'Longitude must be a number between -180 and 180',
    ],
    ['companyId', { companyId: 0 }, 'Concessionária inválida', 'Invalid energy company'],
  ])('refuses a bad %s in the reader’s language: %j', async (field, change, pt, en) => {
    const resPt = await call('POST', '/api/admin/poles', pole(change));
    expect(resPt.statusCode).toBe(400);
    expect(resPt.json().errors[field]).toContain(pt);
    const resEn = await call('PUT', '/api/admin/poles/1', pole(change), admin, 'en');
    expect(resEn.statusCode).toBe(400);
    expect(resEn.json().errors[field]).toContain(en);
  });

  it('refuses an unknown company with a 400 at its field', async () => {
    const res = await call('POST', '/api/admin/poles', pole({ companyId: 9999, number: 'NOCOMPANY' }), admin, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'This energy company does not exist',
      errors: { companyId: 'This energy company does not exist' },
    });
  });

  it('refuses a number its company already has (409), also when two creates race, but not in another company', async () => {
    expect((await call('POST', '/api/admin/poles', pole({ number: 'DUP-1' }))).statusCode).toBe(201);
    const again = await call('POST', '/api/admin/poles', pole({ number: 'dup 1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Já existe um poste com o número DUP-1 nesta concessionária',
      errors: { number: 'Outro poste desta concessionária já tem este número' },
    });
    const en = await call('POST', '/api/admin/poles', pole({ number: 'DUP-1' }), admin, 'en');
    expect(en.json().message).toBe('A pole numbered DUP-1 already exists in this company');
    expect((await call('POST', '/api/admin/poles', pole({ number: 'DUP-1', companyId: 3 }))).statusCode).toBe(201);

    // Editing another pole onto the number is refused the same way.
    const other = (await call('POST', '/api/admin/poles', pole({ number: 'DUP-2' }))).json();
    expect((await call('PUT', `/api/admin/poles/${other.id}`, pole({ number: 'DUP-1' }))).statusCode).toBe(409);

    const race = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/api/admin/poles', pole({ number: 'RACE-1' }))),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('lets a viewer read but not write, and an operator of a company only its poles', async () => {
    const ceee = (await call('POST', '/api/admin/poles', pole({ number: 'SCOPE-1', companyId: 1 }))).json();
    const certel = (await call('POST', '/api/admin/poles', pole({ number: 'SCOPE-2', companyId: 2 }))).json();

    expect((await call('GET', '/api/admin/poles?q=SCOPE', undefined, viewer)).json().total).toBe(2);
    expect((await call('POST', '/api/admin/poles', pole({ number: 'V-1' }), viewer)).statusCode).toBe(403);
    expect((await call('PUT', `/api/admin/poles/${ceee.id}`, pole({ number: 'SCOPE-1' }), viewer)).statusCode).toBe(
      403,
    );

    const list = (await call('GET', '/api/admin/poles?q=SCOPE', undefined, certelUser)).json();
    expect(list.items.map((p: { number: string }) => p.number)).toEqual(['SCOPE-2']);
    expect((await call('GET', '/api/admin/poles?q=SCOPE&companyId=1', undefined, certelUser)).json().total).toBe(0);
    expect((await call('GET', `/api/admin/poles/${ceee.id}`, undefined, certelUser)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/poles/${certel.id}`, undefined, certelUser)).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/poles/${ceee.id}`, pole({ number: 'SCOPE-1' }), certelUser)).statusCode).toBe(
      404,
    );

    const elsewhere = await call(
      'POST',
      '/api/admin/poles',
      pole({ number: 'SCOPE-3', companyId: 1 }),
      certelUser,
      'en',
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Your account cannot register poles in this company or move poles to it');
    const moved = await call(
      'PUT',
      `/api/admin/poles/${certel.id}`,
      pole({ number: 'SCOPE-2', companyId: 1 }),
      certelUser,
    );
    expect(moved.statusCode).toBe(403);
    expect((await call('GET', `/api/admin/poles/${certel.id}`)).json().companyId).toBe(2);
    const own = await call(
      'PUT',
      `/api/admin/poles/${certel.id}`,
      pole({ number: 'SCOPE-2B', companyId: 2 }),
      certelUser,
    );
    expect(own.statusCode).toBe(200);
    expect(
      (await call('POST', '/api/admin/poles', pole({ number: 'SCOPE-4', companyId: 2 }), certelUser)).statusCode,
    ).toBe(201);
  });

  it('pages, searches by number prefix or street, and filters by company and status', async () => {
    const now = ctx().clock.now().toISOString();
    const rows = Array.from({ length: 25 }, (_, i) => ({
      companyId: i % 2 === 0 ? 1 : 3,
      number: `LST-${String(i).padStart(3, '0')}`,
      latitude: -30,
      longitude: -51,
      street: i === 7 ? 'Avenida Ipiranga' : 'Rua Listada',
      active: i === 3 ? 0 : 1,
      createdAt: now,
      updatedAt: now,
    }));
    await ctx().db.insertInto('poles').values(rows).execute();
    // A number beginning with the prefix's last character plus one would fall in a naive range.
    await ctx()
      .db.insertInto('poles')
      .values({ ...rows[0]!, number: 'LST.', street: null })
      .execute();

    const first = (await call('GET', '/api/admin/poles?q=lst-&pageSize=10')).json();
    expect(first).toMatchObject({ total: 25, totalIsCapped: false, page: 1, pageSize: 10 });
    expect(first.items.map((p: { number: string }) => p.number)).toEqual(rows.slice(0, 10).map((r) => r.number));
    const third = (await call('GET', '/api/admin/poles?q=lst-&pageSize=10&page=3')).json();
    expect(third.items.map((p: { number: string }) => p.number)).toEqual(rows.slice(20).map((r) => r.number));

    expect((await call('GET', '/api/admin/poles?q=LST-00')).json().total).toBe(10);
    expect((await call('GET', '/api/admin/poles?q=LST')).json().total).toBe(26);
    const byStreet = (await call('GET', '/api/admin/poles?q=ipiranga')).json();
    expect(byStreet.items.map((p: { number: string }) => p.number)).toEqual(['LST-007']);
    expect((await call('GET', '/api/admin/poles?q=lst-&companyId=3')).json().total).toBe(12);
    const inactive = (await call('GET', '/api/admin/poles?q=lst-&active=false')).json();
    expect(inactive.items.map((p: { number: string }) => p.number)).toEqual(['LST-003']);
    expect((await call('GET', '/api/admin/poles?q=lst-&active=true')).json().total).toBe(24);
    expect((await call('GET', '/api/admin/poles?q=%25')).json().total).toBe(0);
    expect((await call('GET', '/api/admin/poles?q=a%25_')).json().total).toBe(0);
  });

  it('counts no further than the cap', async () => {
    const now = ctx().clock.now().toISOString();
    const rows = Array.from({ length: POLE_LIST_COUNT_CAP + 5 }, (_, i) => ({
      companyId: 2,
      number: `CAP-${i}`,
      latitude: 0,
      longitude: 0,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await ctx()
        .db.insertInto('poles')
        .values(rows.slice(i, i + 1000))
        .execute();
    const capped = (await call('GET', '/api/admin/poles?q=CAP-&pageSize=100&page=2')).json();
    expect(capped).toMatchObject({ total: POLE_LIST_COUNT_CAP, totalIsCapped: true, page: 2 });
    expect(capped.items).toHaveLength(100);
    expect((await call('GET', '/api/admin/poles?q=CAP-1')).json()).toMatchObject({ total: 1116, totalIsCapped: false });
  });

  it.each([
    [
      'pageSize=7',
      'pageSize',
      'Linhas por página devem ser 10, 20, 50 ou 100',
      'Rows per page must be 10, 20, 50 or 100',
    ],
    ['page=0', 'page', 'Número de página inválido', 'Invalid page number'],
    [
      'active=maybe',
      'active',
      'O filtro de situação deve ser true (ativos) ou false (inativos)',
      'The status filter must be true (active) or false (inactive)',
    ],
    ['companyId=abc', 'companyId', 'Concessionária inválida', 'Invalid energy company'],
  ])('refuses a bad list query %s', async (query, field, pt, en) => {
    const resPt = await call('GET', `/api/admin/poles?${query}`);
    expect(resPt.statusCode).toBe(400);
    expect(resPt.json().errors[field]).toBe(pt);
    expect((await call('GET', `/api/admin/poles?${query}`, undefined, admin, 'en')).json().errors[field]).toBe(en);
  });

  it('documents every route under the admin poles tag', async () => {
    const doc = (await ctx().app.inject({ url: '/api/docs/json' })).json();
    const tagged = Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap(
      ([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op.tags?.includes('admin poles'))
          .map(([m]) => `${m} ${path}`),
    );
    // The registry's own four (the import and the labels add theirs under the same tag).
    expect(tagged).toEqual(
      expect.arrayContaining([
        'get /api/admin/poles',
        'get /api/admin/poles/{id}',
        'post /api/admin/poles',
        'put /api/admin/poles/{id}',
      ]),
    );
  });
});
