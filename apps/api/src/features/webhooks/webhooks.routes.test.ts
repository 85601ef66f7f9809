// The admin routes of signed webhooks (decision 0065): admins only, every write audited, the
// secret in the creating and rotating answers only (never in a list, the database, an audit row
// or the log), the company's limit, and a stranger's bad input a 400 in the reader's language.
// Both engines.
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { buildApp } from '../../app.ts';

const PUBLIC_URL = 'https://93.184.215.14/acende';

describeEachEngine('webhook endpoints in the admin area', (ctx) => {
  let admin: TestAccount;
  const send = (method: string, url: string, payload?: object, headers: object = admin.headers) =>
    ctx().app.inject({
      method: method as 'GET',
      url,
      headers: { 'accept-language': 'en', ...headers },
      ...(payload ? { payload } : {}),
    });
  const create = (payload: object = {}) =>
    send('POST', '/api/admin/webhooks', { companyId: 1, url: PUBLIC_URL, events: ['request.changed'], ...payload });

  it('lets admins only: 401 without a session, 403 for a viewer, a user and a company-scoped user', async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    const others = [
      await signedIn(ctx(), { role: 'viewer' }),
      await signedIn(ctx(), { role: 'user' }),
      await signedIn(ctx(), { role: 'user', companyIds: [1] }),
    ];
    const calls: [string, string, object?][] = [
      ['GET', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks', { companyId: 1, url: PUBLIC_URL, events: ['request.filed'] }],
      ['PATCH', '/api/admin/webhooks/1', { active: false }],
      ['POST', '/api/admin/webhooks/1/secret'],
      ['DELETE', '/api/admin/webhooks/1'],
      ['GET', '/api/admin/webhooks/deliveries?state=dead'],
      ['POST', '/api/admin/webhooks/deliveries/1/replay'],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(method, url, body, {})).statusCode, `${method} ${url}`).toBe(401);
      for (const other of others) expect((await send(method, url, body, other.headers)).statusCode).toBe(403);
    }
    expect(await ctx().db.selectFrom('webhookEndpoints').selectAll().execute()).toEqual([]);
  });

  it('shows a Standard Webhooks secret once, stores it sealed and lists the endpoint without it', async () => {
    const created = await create({ description: '  SAP PM  ', events: ['request.filed', 'request.changed'] });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(endpoint.secret.slice(6), 'base64')).toHaveLength(32);
    expect(endpoint).toMatchObject({
      companyId: 1,
      url: PUBLIC_URL,
      description: 'SAP PM',
      events: ['request.filed', 'request.changed'],
      active: true,
      secretPrefix: endpoint.secret.slice(0, 10),
      createdBy: admin.username,
      pending: 0,
      dead: 0,
      lastDeliveredAt: null,
    });
    const row = await ctx()
      .db.selectFrom('webhookEndpoints')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(endpoint.secret.slice(6));
    const list = await send('GET', '/api/admin/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(endpoint.secret.slice(6));
    expect(list.json().map((e: { id: number }) => e.id)).toContain(endpoint.id);
    const audit = (await auditRows(ctx())).filter((r) => r.kind === 'webhook.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.objectId).toBe(String(endpoint.id));
    expect(JSON.stringify(audit)).not.toContain(endpoint.secret.slice(6));
  });

  it('changes, rotates and deletes, one audit row each, the rotated secret shown once', async () => {
    const { id, secret } = (await create()).json();
    const before = (await auditRows(ctx())).length;
    const changed = await send('PATCH', `/api/admin/webhooks/${id}`, { active: false, events: ['request.rated'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ active: false, events: ['request.rated'] });
    expect(changed.json().secret).toBeUndefined();
    // Nothing changed: no row.
    expect((await send('PATCH', `/api/admin/webhooks/${id}`, { active: false })).statusCode).toBe(200);
    const rotated = await send('POST', `/api/admin/webhooks/${id}/secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);
    expect(rotated.json().secretPrefix).toBe(rotated.json().secret.slice(0, 10));
    expect((await send('DELETE', `/api/admin/webhooks/${id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/admin/webhooks/${id}`)).statusCode).toBe(404);
    const rows = (await auditRows(ctx())).slice(0, (await auditRows(ctx())).length - before);
    expect(rows.map((r) => r.kind).sort()).toEqual(['webhook.delete', 'webhook.rotate', 'webhook.update']);
    expect(JSON.stringify(rows)).not.toContain(rotated.json().secret.slice(6));
    expect(JSON.stringify(rows)).not.toContain(secret.slice(6));
  });

  it('answers 404 for unknown ids and 400 for a bad id, in the reader language', async () => {
    expect((await send('PATCH', '/api/admin/webhooks/999999', { active: true })).statusCode).toBe(404);
    expect((await send('POST', '/api/admin/webhooks/999999/secret')).statusCode).toBe(404);
    const missing = await send('POST', '/api/admin/webhooks/deliveries/999999/replay');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Webhook delivery not found');
    expect((await send('PATCH', '/api/admin/webhooks/abc', { active: true })).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/webhooks/deliveries?state=lost')).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/webhooks/deliveries?page=0')).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/webhooks/deliveries?endpointId=99999999999')).statusCode).toBe(400);
  });

  it('refuses bad bodies with a 400 naming the field, in Portuguese by default', async () => {
    const cases: object[] = [
      { url: 'ftp://example.com/x' },
      { url: 'https://user:pw@example.com/x' },
      { events: [] },
      { events: ['request.deleted'] },
      { events: ['request.filed', 'request.filed'] },
      { companyId: 0 },
      { companyId: 9999 },
      { extra: true },
    ];
    for (const body of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const pt = await send(
      'POST',
      '/api/admin/webhooks',
      { companyId: 1, url: 'nada', events: ['request.filed'] },
      {
        ...admin.headers,
        'accept-language': 'pt-BR',
      },
    );
    expect(pt.statusCode).toBe(400);
    expect(pt.body).toContain('Informe um endereço http:// ou https://');
  });

  it('takes at most ten endpoints per company (409)', async () => {
    const existing = (await send('GET', '/api/admin/webhooks'))
      .json()
      .filter((e: { companyId: number }) => e.companyId === 2);
    for (let i = existing.length; i < 10; i += 1) expect((await create({ companyId: 2 })).statusCode).toBe(201);
    const eleventh = await create({ companyId: 2 });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe('An energy company may have at most 10 webhooks');
  });

  it('never writes a secret to the log, even at trace level', async () => {
    const lines: string[] = [];
    const logging = await buildApp({
      config: { ...ctx().config, LOG_LEVEL: 'trace' },
      db: ctx().db,
      clock: ctx().clock,
      logger: { stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const call = (method: string, url: string, payload?: object) =>
        logging.inject({ method: method as 'GET', url, headers: admin.headers, ...(payload ? { payload } : {}) });
      const created = await call('POST', '/api/admin/webhooks', {
        companyId: 3,
        url: PUBLIC_URL,
        events: ['request.rated'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const rotated = await call('POST', `/api/admin/webhooks/${created.json().id}/secret`);
      expect(rotated.statusCode).toBe(200);
      await call('GET', '/api/admin/webhooks');
      expect(lines.length).toBeGreaterThan(4);
      const log = lines.join('\n');
      for (const secret of [created.json().secret, rotated.json().secret]) {
        expect(log).not.toContain(secret.slice(6));
      }
    } finally {
      await logging.close();
    }
  });
});
