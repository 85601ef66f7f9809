// Open311 API keys in the admin area (decision 0038): the key is in the issuing answer only,
// the database keeps its hash, the list never shows either, revoking is audited once and stops
// the key at /open311/v2. Both engines.
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { hashToken } from '../../lib/tokens.ts';

describeEachEngine('Open311 API keys', (ctx) => {
  let admin: TestAccount;
  const send = (method: 'GET' | 'POST', url: string, payload?: object, headers = admin.headers) =>
    ctx().app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...headers },
      ...(payload ? { payload } : {}),
    });
  const file = (key: string) =>
    ctx().app.inject({
      method: 'POST',
      url: '/open311/v2/requests.json',
      payload: {
        api_key: key,
        service_code: 'LIGHT_OUT',
        lat: '-30.03',
        long: '-51.22',
        address_string: 'Rua D, 4',
        'attribute[company]': '1',
        phone: '(51) 99999-0000',
      },
    });

  it('shows the key once, keeps only its hash, and lists keys without it', async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    const issued = await send('POST', '/api/admin/open311-keys', { name: 'Sistema 156' });
    expect(issued.statusCode, issued.body).toBe(201);
    const { key, id, keyPrefix } = issued.json();
    expect(key).toMatch(/^acende311_[A-Za-z0-9_-]{24}$/);
    expect(key.startsWith(keyPrefix)).toBe(true);
    expect(issued.json()).toMatchObject({
      name: 'Sistema 156',
      createdBy: admin.username,
      revokedAt: null,
      lastUsedAt: null,
    });

    const row = await ctx().db.selectFrom('open311Keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.keyHash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key);

    expect((await file(key)).statusCode).toBe(201);
    const list = await send('GET', '/api/admin/open311-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.body).not.toContain(row.keyHash);
    expect(list.json()[0]).toMatchObject({ id, name: 'Sistema 156', keyPrefix, revokedAt: null });
    expect(list.json()[0].lastUsedAt).not.toBeNull();

    const audit = (await auditRows(ctx())).find((r) => r.kind === 'open311.key.issue');
    expect(audit?.objectId).toBe(String(id));
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('revokes a key once: the client is refused after, a second revoke writes nothing', async () => {
    const { key, id } = (await send('POST', '/api/admin/open311-keys', { name: 'Aplicativo' })).json();
    const revoked = await send('POST', `/api/admin/open311-keys/${id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const rows = (await auditRows(ctx())).length;
    expect((await send('POST', `/api/admin/open311-keys/${id}/revoke`)).statusCode).toBe(200);
    expect((await auditRows(ctx())).length).toBe(rows);
    const refused = await file(key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual([{ code: 403, description: 'Chave de API inválida ou revogada' }]);
    // Revoked keys are listed after the active ones.
    const list = (await send('GET', '/api/admin/open311-keys')).json() as { id: number; revokedAt: string | null }[];
    expect(list.at(-1)?.id).toBe(id);
    expect(list.findIndex((k) => k.revokedAt !== null)).toBeGreaterThan(list.findIndex((k) => k.revokedAt === null));
  });

  it('refuses a blank name and an unknown key in the reader language', async () => {
    const blank = await send('POST', '/api/admin/open311-keys', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toBe("Enter the client's name");
    const unknown = await send('POST', '/api/admin/open311-keys/999999/revoke');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('API key not found');
  });
});
