// Integration keys in the admin area (decision 0066): the key is in the issuing answer only,
// the database keeps its hash, the list never shows either, issuing and revoking are audited
// once, a revoked key stops at /api/integration/v1, and only admins reach the routes.
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { fileRequest } from '../../../test/email.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { hashToken } from '../../lib/tokens.ts';
import { readAsSystem } from './integration.test-support.ts';

describeEachEngine('integration keys', (ctx) => {
  let admin: TestAccount;
  const send = (method: 'GET' | 'POST', url: string, payload?: object, headers = admin.headers, language = 'en') =>
    ctx().app.inject({
      method,
      url,
      headers: { 'accept-language': language, ...headers },
      ...(payload ? { payload } : {}),
    });

  it('shows the key once, keeps only its hash, and lists keys with their company but without it', async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    const issued = await send('POST', '/api/admin/integration-keys', { companyId: 2, name: 'SAP PM' });
    expect(issued.statusCode, issued.body).toBe(201);
    const { key, id, keyPrefix } = issued.json();
    expect(key).toMatch(/^acende_int_[A-Za-z0-9_-]{24}$/);
    expect(key.startsWith(keyPrefix)).toBe(true);
    expect(issued.json()).toMatchObject({
      companyId: 2,
      companyName: expect.any(String),
      name: 'SAP PM',
      createdBy: admin.username,
      revokedAt: null,
      lastUsedAt: null,
    });
    const row = await ctx().db.selectFrom('integrationKeys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.keyHash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const requestId = (await fileRequest(ctx(), { company: '2' })).id;
    expect((await readAsSystem(ctx(), key, requestId)).statusCode).toBe(200);
    const list = await send('GET', '/api/admin/integration-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.body).not.toContain(row.keyHash);
    expect(list.json()[0]).toMatchObject({ id, companyId: 2, name: 'SAP PM', keyPrefix, revokedAt: null });
    expect(list.json()[0].lastUsedAt).not.toBeNull();

    const audit = (await auditRows(ctx())).find((r) => r.kind === 'integration.key.issue');
    expect(audit).toMatchObject({ objectType: 'integration_key', objectId: String(id), actorId: admin.id });
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('revokes a key once: the system is refused after, a second revoke writes nothing', async () => {
    const { key, id } = (await send('POST', '/api/admin/integration-keys', { companyId: 1, name: 'Campo' })).json();
    const requestId = (await fileRequest(ctx())).id;
    const revoked = await send('POST', `/api/admin/integration-keys/${id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const rows = (await auditRows(ctx())).length;
    expect((await send('POST', `/api/admin/integration-keys/${id}/revoke`)).statusCode).toBe(200);
    expect((await auditRows(ctx())).length).toBe(rows);
    expect((await auditRows(ctx()))[0]).toMatchObject({ kind: 'integration.key.revoke', objectId: String(id) });
    expect((await readAsSystem(ctx(), key, requestId)).statusCode).toBe(401);
    const list = (await send('GET', '/api/admin/integration-keys')).json() as {
      id: number;
      revokedAt: string | null;
    }[];
    expect(list.at(-1)?.id).toBe(id);
  });

  it('refuses a blank name, an unknown company and an unknown key in the reader language', async () => {
    const blank = await send('POST', '/api/admin/integration-keys', { companyId: 1, name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toBe("Enter the system's name");
    const blankPt = await send('POST', '/api/admin/integration-keys', { companyId: 1, name: '' }, admin.headers, 'pt');
    expect(blankPt.json().errors.name).toBe('Informe o nome do sistema');
    const company = await send('POST', '/api/admin/integration-keys', { companyId: 9999, name: 'X' });
    expect(company.statusCode).toBe(400);
    expect(Object.keys(company.json().errors)).toEqual(['companyId']);
    const unknown = await send('POST', '/api/admin/integration-keys/999999/revoke');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Integration key not found');
  });

  it('lets only admins issue, list and revoke', async () => {
    for (const role of ['user', 'viewer'] as const) {
      const account = await signedIn(ctx(), { role });
      expect((await send('GET', '/api/admin/integration-keys', undefined, account.headers)).statusCode).toBe(403);
      const issue = await send('POST', '/api/admin/integration-keys', { companyId: 1, name: 'X' }, account.headers);
      expect(issue.statusCode).toBe(403);
    }
    expect((await ctx().app.inject({ url: '/api/admin/integration-keys' })).statusCode).toBe(401);
  });
});
