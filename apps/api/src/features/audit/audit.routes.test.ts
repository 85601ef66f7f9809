// The audit log read by admins (GET /api/admin/audit, /api/admin/audit.csv), what the rows
// say (before and after, failed sign-ins), and that a row lives and dies with its change.
import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { createAccount, signedIn, signIn, type TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE } from '../auth/login-throttle.ts';

const DAY_MS = 86_400_000;
const saoPauloDate = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);

async function fileRequest(ctx: TestContext): Promise<number> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/repair-requests',
    payload: validRequest,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

/** A trigger that refuses inserts into `table` (both engines), and its removal. */
async function refuseInserts(ctx: TestContext, table: string): Promise<() => Promise<void>> {
  if (ctx.engine === 'sqlite') {
    await sql
      .raw(`create trigger refuse_${table} before insert on ${table} begin select raise(abort, 'refused by test'); end`)
      .execute(ctx.db);
    return async () => {
      await sql.raw(`drop trigger refuse_${table}`).execute(ctx.db);
    };
  }
  await sql
    .raw(
      `create function refuse_${table}() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`,
    )
    .execute(ctx.db);
  await sql
    .raw(`create trigger refuse_${table} before insert on ${table} for each row execute function refuse_${table}()`)
    .execute(ctx.db);
  return async () => {
    await sql.raw(`drop trigger refuse_${table} on ${table}`).execute(ctx.db);
    await sql.raw(`drop function refuse_${table}()`).execute(ctx.db);
  };
}

describeEachEngine('audit log', (ctx) => {
  let admin: TestAccount;
  let operator: TestAccount;
  let requestId: number;

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    operator = await signedIn(ctx(), { role: 'user', companyIds: [1] });
    requestId = await fileRequest(ctx());
  });

  const list = (query: Record<string, string> = {}, account: TestAccount = admin, language = 'pt') =>
    ctx().app.inject({ url: '/api/admin/audit', query, headers: { ...account.headers, 'accept-language': language } });
  const patch = async (body: Record<string, unknown>, account: TestAccount = operator) => {
    const read = await ctx().app.inject({ url: `/api/admin/repair-requests/${requestId}`, headers: account.headers });
    return ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/repair-requests/${requestId}`,
      headers: account.headers,
      payload: { updatedAt: read.json().updatedAt, ...body },
    });
  };

  it('records a request update with the changed fields before and after, read back parsed', async () => {
    const res = await patch({ status: 'in_progress', notes: 'Equipe a caminho' });
    expect(res.statusCode, res.body).toBe(200);
    const page = await list({ objectType: 'request', objectId: String(requestId) });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().items).toHaveLength(1);
    expect(page.json().items[0]).toMatchObject({
      kind: 'request.update',
      actorId: operator.id,
      actorUsername: operator.username,
      objectType: 'request',
      objectId: String(requestId),
      before: { status: 'open', notes: null },
      after: { status: 'in_progress', notes: 'Equipe a caminho' },
    });
    expect(page.json().items[0].ip).toBeTruthy();
  });

  it('writes no row for a refused call: a bad body, a stale update, a wrong password', async () => {
    const before = (await auditRows(ctx())).length;
    const invalid = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.headers,
      payload: { username: '', role: 'nobody' },
    });
    expect(invalid.statusCode).toBe(400);
    const stale = await ctx().app.inject({
      method: 'PATCH',
      url: `/api/admin/repair-requests/${requestId}`,
      headers: operator.headers,
      payload: { status: 'completed', updatedAt: '2000-01-01T00:00:00.000Z' },
    });
    expect(stale.statusCode).toBe(409);
    const self = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: admin.headers,
      payload: { currentPassword: 'not-my-password', newPassword: 'whatever-long-enough-1' },
    });
    expect(self.statusCode).toBe(400);
    const forbidden = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/energy-companies',
      headers: operator.headers,
      payload: { name: 'X', fullName: 'X S.A.' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await auditRows(ctx())).length).toBe(before);
  });

  it('stores a change and its row together or not at all (one transaction)', async () => {
    // The change fails after its audit row was written: the row goes with it.
    const before = (await auditRows(ctx())).length;
    const restoreEvents = await refuseInserts(ctx(), 'request_events');
    let failed: Awaited<ReturnType<typeof patch>>;
    try {
      failed = await patch({ status: 'completed', notes: 'never stored' });
    } finally {
      await restoreEvents();
    }
    expect(failed.statusCode).toBe(500);
    expect((await auditRows(ctx())).length).toBe(before);
    const read = await ctx().app.inject({ url: `/api/admin/repair-requests/${requestId}`, headers: admin.headers });
    expect(read.json().status).toBe('in_progress');

    // The audit row cannot be written: the change is not stored either.
    const restoreAudit = await refuseInserts(ctx(), 'audit_log');
    let refused: Awaited<ReturnType<typeof patch>>;
    try {
      refused = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/energy-companies',
        headers: admin.headers,
        payload: { name: 'Sem Registro', fullName: 'Sem Registro S.A.' },
      });
    } finally {
      await restoreAudit();
    }
    expect(refused.statusCode).toBe(500);
    const names = (await ctx().db.selectFrom('energyCompanies').select('name').execute()).map((r) => r.name);
    expect(names).not.toContain('Sem Registro');
  });

  it('records failed sign-ins: the typed name, the account when the name is one, nobody otherwise', async () => {
    const known = await createAccount(ctx(), { role: 'viewer' });
    const typed = `ghost-${ctx().engine}-${'x'.repeat(40)}`;
    for (const username of [typed, known.username]) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const page = (await list({ kind: 'auth.login.failed' })).json().items;
    expect(page[0]).toMatchObject({
      actorId: known.id,
      actorUsername: known.username,
      after: { reason: 'credentials' },
    });
    expect(page[1]).toMatchObject({ actorId: null, actorUsername: typed, objectType: null });
    expect(JSON.stringify(page)).not.toContain('wrong-password');
  });

  it('writes no row for a throttled sign-in, which checked nothing (a loop of them cannot flood the log)', async () => {
    const known = await createAccount(ctx(), { role: 'viewer' });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE + 3; i += 1) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: known.username, password: 'wrong-password' },
        remoteAddress: `10.28.0.${ctx().engine === 'sqlite' ? 1 : 2}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const rows = (await list({ kind: 'auth.login.failed', actorId: String(known.id) })).json().items;
    expect(rows).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_SOURCE);
  });

  it('records a user edit with before and after, and a report export with its filters', async () => {
    const target = await createAccount(ctx(), { role: 'viewer' });
    const res = await ctx().app.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.id}`,
      headers: admin.headers,
      payload: { username: target.username, name: 'Novo Nome', email: null, role: 'user', companies: [1] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await list({ objectType: 'user', objectId: String(target.id) })).json().items;
    expect(row).toMatchObject({
      kind: 'user.update',
      before: { role: 'viewer', companyIds: [], name: `Test ${target.username}` },
      after: { role: 'user', companyIds: [1], name: 'Novo Nome' },
    });

    const exported = await ctx().app.inject({
      url: `/api/admin/reports/requests.csv?status=open&q=${encodeURIComponent('Maria da Silva')}`,
      headers: admin.headers,
    });
    expect(exported.statusCode).toBe(200);
    const [report] = (await list({ kind: 'report.export' })).json().items;
    expect(report).toMatchObject({
      objectId: 'requests',
      actorId: admin.id,
      after: { format: 'csv', filters: { status: 'open', search: true } },
    });
    // The search text (a citizen's name) is not kept.
    expect(JSON.stringify(report)).not.toContain('Maria');
  });

  it('filters by account, kind (exact or prefix), object and São Paulo calendar days; pages by cursor', async () => {
    const mine = await signedIn(ctx(), { role: 'admin' });
    const company = { name: 'Filtro', fullName: 'Filtro S.A.' };
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/energy-companies',
        headers: mine.headers,
        payload: company,
      });
      ids.push(res.json().id);
    }
    ctx().clock.advance(3 * DAY_MS);
    // Sessions do not outlive three days: everyone signs in again.
    for (const account of [mine, admin, operator]) {
      const cookie = await signIn(ctx(), account.username, account.password);
      account.cookie = cookie;
      account.headers = { cookie };
    }
    const later = await ctx().app.inject({
      method: 'PUT',
      url: `/api/admin/energy-companies/${ids[0]}`,
      headers: mine.headers,
      payload: { ...company, name: 'Filtro 2' },
    });
    expect(later.statusCode).toBe(200);

    const byActor = (await list({ actorId: String(mine.id), kind: 'company.' })).json();
    expect(byActor.items.map((r: { kind: string }) => r.kind)).toEqual([
      'company.update',
      'company.create',
      'company.create',
      'company.create',
    ]);
    const exact = (await list({ actorId: String(mine.id), kind: 'company.create' })).json().items;
    expect(exact).toHaveLength(3);
    // 'company.' does not reach a kind that merely starts with the same letters.
    expect((await list({ kind: 'company' })).json().items.every((r: { kind: string }) => r.kind === 'company')).toBe(
      true,
    );
    const object = (await list({ objectType: 'company', objectId: String(ids[0]) })).json().items;
    expect(object.map((r: { kind: string }) => r.kind)).toEqual(['company.update', 'company.create']);
    expect(object[0]).toMatchObject({ before: { name: 'Filtro' }, after: { name: 'Filtro 2' } });

    const today = saoPauloDate(ctx().clock.now());
    const onlyToday = (
      await list({ actorId: String(mine.id), kind: 'company.', startDate: today, endDate: today })
    ).json().items;
    expect(onlyToday.map((r: { kind: string }) => r.kind)).toEqual(['company.update']);
    const earlier = saoPauloDate(new Date(ctx().clock.now().getTime() - 3 * DAY_MS));
    const before = (await list({ actorId: String(mine.id), endDate: earlier, kind: 'company.' })).json().items;
    expect(before).toHaveLength(3);

    // Keyset pages: 10 rows, then the rest, no row twice, newest first throughout.
    const first = (await list({ pageSize: '10' })).json();
    expect(first.items).toHaveLength(10);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await list({ pageSize: '10', cursor: first.nextCursor })).json();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((r: { id: number }) => r.id)).size).toBe(all.length);
    const keys = all.map((r: { createdAt: string; id: number }) => `${r.createdAt}|${String(r.id).padStart(10, '0')}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('answers refused filters with a 400 in the reader’s language', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      // Well-formed JSON whose time is not one: a NUL byte PostgreSQL cannot take as text.
      [{ cursor: Buffer.from(JSON.stringify(['2026\u0000', 5])).toString('base64url') }, 'cursor'],
      [{ kind: 'DROP TABLE' }, 'kind'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ startDate: '2026-03-02', endDate: '2026-03-01' }, 'endDate'],
      [{ actorId: '-1' }, 'actorId'],
      [{ pageSize: '7' }, 'pageSize'],
    ];
    for (const [query, field] of cases) {
      const en = await list(query, admin, 'en');
      expect(en.statusCode, `${JSON.stringify(query)} ${en.body}`).toBe(400);
      expect(en.json().errors?.[field], en.body).toEqual(expect.any(String));
      const pt = await list(query, admin, 'pt');
      expect(pt.json().message).not.toBe(en.json().message);
    }
  });

  it('is for admins only, and no route edits or deletes a row', async () => {
    expect((await ctx().app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
    for (const role of ['user', 'viewer'] as const) {
      const account = await signedIn(ctx(), { role });
      expect((await list({}, account)).statusCode).toBe(403);
      expect((await ctx().app.inject({ url: '/api/admin/audit.csv', headers: account.headers })).statusCode).toBe(403);
      expect((await ctx().app.inject({ url: '/api/admin/audit/accounts', headers: account.headers })).statusCode).toBe(
        403,
      );
    }
    const doc = (await ctx().app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, object> };
    const auditPaths = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/admin/audit'));
    expect(auditPaths.length).toBe(3);
    for (const [, methods] of auditPaths) expect(Object.keys(methods)).toEqual(['get']);
    const accounts = await ctx().app.inject({ url: '/api/admin/audit/accounts', headers: admin.headers });
    expect(accounts.json()).toEqual(
      expect.arrayContaining([{ id: admin.id, username: admin.username, name: expect.any(String) }]),
    );
  });

  it('exports the filtered rows as CSV for pt-BR spreadsheets, formulas defused', async () => {
    const formula = `=HYPERLINK("http://evil.example";"x")-${ctx().engine}`;
    await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: formula, password: 'nope' },
    });
    const res = await ctx().app.inject({
      url: '/api/admin/audit.csv',
      query: { kind: 'auth.login.failed' },
      headers: { ...admin.headers, 'accept-language': 'pt' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFFData e hora;')).toBe(true);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes('auth.login.failed'))).toBe(true);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"";""x"")-${ctx().engine}"`);
    expect(res.body).not.toMatch(/(^|;)=HYPERLINK/m);

    const bad = await ctx().app.inject({ url: '/api/admin/audit.csv?startDate=x', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });
});
