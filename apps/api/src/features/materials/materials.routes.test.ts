// Each company's materials list (decision 0068) through the HTTP API on both engines: admins
// and the company's operators add and change, viewers read, a company outside the caller's
// scope is a 404, a name is unique in its company (409), and every change is audited.
import { expect } from 'vitest';
import { signedIn, signedInCrew, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';

describeEachEngine('materials list', (ctx) => {
  let seq = 0;
  const unique = (prefix: string) => `${prefix} ${process.pid}-${++seq}`;
  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    account: TestAccount,
    payload?: object,
    language = 'en',
  ) =>
    ctx().app.inject({
      method,
      url,
      headers: { ...account.headers, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
  const auditOf = (kind: string, id: number) =>
    ctx().db.selectFrom('auditLog').selectAll().where('kind', '=', kind).where('objectId', '=', String(id)).execute();

  it('adds, renames and switches off a material, each change audited once', async () => {
    const admin = await signedIn(ctx());
    const name = unique('Lâmpada LED 100W');
    const created = await call('POST', '/api/admin/materials', admin, { companyId: 1, name: ` ${name} `, unit: 'un' });
    expect(created.statusCode, created.body).toBe(201);
    const material = created.json();
    expect(material).toEqual({ id: expect.any(Number), companyId: 1, name, unit: 'un', active: true });
    const createRows = await auditOf('material.create', material.id);
    expect(createRows).toHaveLength(1);
    expect(createRows[0]?.actorId).toBe(admin.id);
    expect(JSON.parse(createRows[0]?.after as string)).toEqual({ companyId: 1, name, unit: 'un' });

    const changed = await call('PATCH', `/api/admin/materials/${material.id}`, admin, { unit: 'pç', active: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ unit: 'pç', active: false });
    const updateRows = await auditOf('material.update', material.id);
    expect(updateRows).toHaveLength(1);
    expect(JSON.parse(updateRows[0]?.before as string)).toEqual({ unit: 'un', active: true });
    expect(JSON.parse(updateRows[0]?.after as string)).toEqual({ unit: 'pç', active: false });

    // The same values again change nothing and write no row.
    const same = await call('PATCH', `/api/admin/materials/${material.id}`, admin, { unit: 'pç' });
    expect(same.statusCode).toBe(200);
    expect(await auditOf('material.update', material.id)).toHaveLength(1);

    const list = await call('GET', '/api/admin/materials?companyId=1', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ ...material, unit: 'pç', active: false });
    expect(list.json().every((m: { companyId: number }) => m.companyId === 1)).toBe(true);
  });

  it('keeps a name unique in its company (409 in both languages) but not across companies', async () => {
    const admin = await signedIn(ctx());
    const name = unique('Relé fotoelétrico');
    expect((await call('POST', '/api/admin/materials', admin, { companyId: 1, name, unit: 'un' })).statusCode).toBe(
      201,
    );
    const again = await call('POST', '/api/admin/materials', admin, { companyId: 1, name, unit: 'un' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This company already has a material with this name',
      errors: { name: 'This company already has a material with this name' },
    });
    const pt = await call('POST', '/api/admin/materials', admin, { companyId: 1, name, unit: 'un' }, 'pt');
    expect(pt.json().message).toBe('Já existe um material com este nome nesta concessionária');
    expect((await call('POST', '/api/admin/materials', admin, { companyId: 2, name, unit: 'un' })).statusCode).toBe(
      201,
    );

    const other = (
      await call('POST', '/api/admin/materials', admin, { companyId: 1, name: unique('Reator'), unit: 'un' })
    ).json();
    const renamed = await call('PATCH', `/api/admin/materials/${other.id}`, admin, { name });
    expect(renamed.statusCode).toBe(409);
    expect(await auditOf('material.update', other.id)).toHaveLength(0);
  });

  it("lets a company's operator keep its own list; another company is a 404; viewers read only", async () => {
    const admin = await signedIn(ctx());
    const outside = (
      await call('POST', '/api/admin/materials', admin, { companyId: 3, name: unique('Braço'), unit: 'un' })
    ).json();
    const operator = await signedIn(ctx(), { role: 'user', companyIds: [1] });
    const own = await call('POST', '/api/admin/materials', operator, { companyId: 1, name: unique('Cabo'), unit: 'm' });
    expect(own.statusCode, own.body).toBe(201);
    expect((await auditOf('material.create', own.json().id))[0]?.actorId).toBe(operator.id);

    const foreign = await call('POST', '/api/admin/materials', operator, { companyId: 3, name: 'Cabo', unit: 'm' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Company not found');
    const missing = await call('POST', '/api/admin/materials', admin, { companyId: 99_999, name: 'Cabo', unit: 'm' });
    expect(missing.statusCode).toBe(404);
    const patchForeign = await call('PATCH', `/api/admin/materials/${outside.id}`, operator, { active: false });
    expect(patchForeign.statusCode).toBe(404);
    expect(patchForeign.json().message).toBe('Material not found');
    expect((await call('GET', '/api/admin/materials?companyId=3', operator)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/admin/materials', operator)).json() as { companyId: number }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((m) => m.companyId === 1)).toBe(true);

    const viewer = await signedIn(ctx(), { role: 'viewer', companyIds: [1] });
    expect((await call('GET', '/api/admin/materials?companyId=1', viewer)).statusCode).toBe(200);
    const write = await call('POST', '/api/admin/materials', viewer, { companyId: 1, name: 'Nada', unit: 'un' });
    expect(write.statusCode).toBe(403);
    const crew = await signedInCrew(ctx(), 1);
    expect((await call('GET', '/api/admin/materials', crew)).statusCode).toBe(403);
  });

  it('refuses a blank name or unit with the catalogue message, and an unknown field', async () => {
    const admin = await signedIn(ctx());
    const blank = await call('POST', '/api/admin/materials', admin, { companyId: 1, name: '  ', unit: '' }, 'pt');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toMatchObject({
      name: 'Informe o nome do material',
      unit: 'Informe a unidade do material',
    });
    const extra = await call('POST', '/api/admin/materials', admin, { companyId: 1, name: 'X', unit: 'un', price: 3 });
    expect(extra.statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/materials/999999', admin, { active: true })).statusCode).toBe(404);
  });
});
