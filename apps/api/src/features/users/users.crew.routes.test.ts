// Crew accounts on the users API (decision 0068), both engines: role 'crew' needs an active
// crew, its company link is exactly the crew's company, other roles take no crew; the user
// answered names the crew; changes are audited as any other account's.
import { expect } from 'vitest';
import { createCrew, signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';

describeEachEngine('crew accounts on the users API', (ctx) => {
  let seq = 0;
  const uniqueName = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;
  const call = (method: 'POST' | 'PUT', url: string, admin: TestAccount, payload: object, language = 'en') =>
    ctx().app.inject({ method, url, headers: { ...admin.headers, 'accept-language': language }, payload });
  const auditRows = (kind: string, id: number) =>
    ctx().db.selectFrom('auditLog').selectAll().where('kind', '=', kind).where('objectId', '=', String(id)).execute();
  const account = (more: object) => ({
    username: uniqueName('equipe'),
    name: 'Equipe Norte',
    role: 'crew',
    password: 'senha-da-equipe',
    ...more,
  });

  it('creates a crew account linked to its crew and its company only, audited', async () => {
    const admin = await signedIn(ctx());
    const crewId = await createCrew(ctx(), 2, { name: uniqueName('Norte') });
    const res = await call('POST', '/api/admin/users', admin, account({ crewId }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ role: 'crew', crewId, companies: [{ id: 2, name: 'Certel' }] });
    expect(created.crewName).toMatch(/^Norte-/);
    const rows = await auditRows('user.create', created.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.after as string)).toMatchObject({ role: 'crew', crewId, companyIds: [2] });

    // The crew's company given again is the same link; another company is refused.
    const same = await call('POST', '/api/admin/users', admin, account({ crewId, companies: [2] }));
    expect(same.statusCode, same.body).toBe(201);
    const other = await call('POST', '/api/admin/users', admin, account({ crewId, companies: [1] }));
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({
      companies: "A crew account is linked to its crew's company; do not choose other companies",
    });
  });

  it('refuses a crew account without a crew, with a missing or switched-off crew, and a crew on another role', async () => {
    const admin = await signedIn(ctx());
    const refused = (more: object) => account({ name: 'Conta recusada', ...more });
    const none = await call('POST', '/api/admin/users', admin, refused({}), 'pt');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ crewId: 'Escolha a equipe desta conta de equipe de campo' });
    const nullCrew = await call('POST', '/api/admin/users', admin, refused({ crewId: null }));
    expect(nullCrew.json().errors).toEqual({ crewId: 'Choose the crew of this field crew account' });

    const missing = await call('POST', '/api/admin/users', admin, refused({ crewId: 999_999 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ crewId: 'Choose an active crew of a company you manage' });
    const off = await createCrew(ctx(), 1, { active: false });
    const switchedOff = await call('POST', '/api/admin/users', admin, refused({ crewId: off }));
    expect(switchedOff.statusCode).toBe(400);
    expect(switchedOff.json().errors).toEqual({ crewId: 'Choose an active crew of a company you manage' });

    const crewId = await createCrew(ctx(), 1);
    const operator = await call('POST', '/api/admin/users', admin, refused({ role: 'user', crewId }));
    expect(operator.statusCode).toBe(400);
    expect(operator.json().errors).toEqual({ crewId: 'Only field crew accounts have a crew' });
    const created = await ctx().db.selectFrom('admins').select('id').where('name', '=', 'Conta recusada').execute();
    expect(created).toEqual([]);
  });

  it('moves an account to another crew, keeps a switched-off crew it has, and clears the crew for another role', async () => {
    const admin = await signedIn(ctx());
    const first = await createCrew(ctx(), 1);
    const second = await createCrew(ctx(), 3);
    const body = account({ crewId: first });
    const created = (await call('POST', '/api/admin/users', admin, body)).json();
    const url = `/api/admin/users/${created.id}`;
    const { password: _password, ...edit } = body;

    const moved = await call('PUT', url, admin, { ...edit, crewId: second });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ crewId: second, companies: [{ id: 3 }] });
    const update = await auditRows('user.update', created.id);
    expect(update).toHaveLength(1);
    expect(JSON.parse(update[0]?.before as string)).toEqual({ crewId: first, companyIds: [1] });
    expect(JSON.parse(update[0]?.after as string)).toEqual({ crewId: second, companyIds: [3] });

    // Its crew switched off: the account may still be renamed, but not given back a switched-off crew.
    await ctx().db.updateTable('crews').set({ active: 0 }).where('id', 'in', [first, second]).execute();
    const renamed = await call('PUT', url, admin, { ...edit, crewId: second, name: 'Equipe Sul' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const back = await call('PUT', url, admin, { ...edit, crewId: first });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toEqual({ crewId: 'Choose an active crew of a company you manage' });

    const viewer = await call('PUT', url, admin, { ...edit, role: 'viewer', crewId: null, companies: [1, 2] });
    expect(viewer.statusCode, viewer.body).toBe(200);
    expect(viewer.json()).toMatchObject({ role: 'viewer', crewId: null, crewName: null });
    const linked = viewer.json().companies.map((c: { id: number }) => c.id);
    expect(linked.sort((a: number, b: number) => a - b)).toEqual([1, 2]);
    const row = await ctx().db.selectFrom('admins').select('crewId').where('id', '=', created.id).executeTakeFirst();
    expect(row?.crewId).toBeNull();
  });
});
