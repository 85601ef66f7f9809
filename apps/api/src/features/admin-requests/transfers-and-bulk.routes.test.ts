// Transfers and bulk changes (issue 23, decision 0030) on both engines: the transfer's rules,
// its history event, audit row and the citizen's e-mail on a real SMTP server; bulk changes by
// id and by filter with their per-row summary; bad input refused whole; concurrent writers.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { createAccount, signedIn, type TestAccount } from '../../../test/accounts.ts';
import { configureSmtp, drainOutbox, fileRequest } from '../../../test/email.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { seedRequests } from '../../db/seed-requests.ts';

const CEEE = 1;
const CERTEL = 2;
const RGE = 3;

describeEachEngine('operators: transfers and bulk changes', (ctx) => {
  let smtp: SmtpCapture;
  let admin: TestAccount;
  let viewer: TestAccount;
  /** A company-linked operator of CEEE only. */
  let ceeeUser: TestAccount;
  /** A company-linked operator of Certel only: cannot take CEEE's work. */
  let certelUser: TestAccount;
  let inactiveCompany: number;

  const send = (account: TestAccount, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, lang = 'pt') =>
    ctx().app.inject({
      method,
      url,
      headers: { ...account.headers, 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const read = async (id: number, as: TestAccount = admin) => {
    const res = await send(as, 'GET', `/api/admin/repair-requests/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const transfer = (id: number, body: Record<string, unknown>, as: TestAccount = admin, lang = 'pt') =>
    send(as, 'POST', `/api/admin/repair-requests/${id}/transfer`, body, lang);
  const bulk = (body: Record<string, unknown>, as: TestAccount = admin, lang = 'pt') =>
    send(as, 'POST', '/api/admin/repair-requests/bulk', body, lang);
  const countRows = async (table: 'auditLog' | 'requestEvents' | 'emailOutbox') => {
    const row = await ctx()
      .db.selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  /** Everything a refused call must leave as it was. */
  const snapshot = async (ids: number[]) => ({
    audit: await countRows('auditLog'),
    events: await countRows('requestEvents'),
    outbox: await countRows('emailOutbox'),
    rows: await ctx()
      .db.selectFrom('repairRequests')
      .select(['id', 'companyId', 'status', 'assignedToId', 'updatedAt'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute(),
  });
  /** Requests filed through the public route on `company`, as their numbers. */
  const fileMany = async (count: number, company: number, overrides: Record<string, unknown> = {}) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push((await fileRequest(ctx(), { company: String(company), ...overrides })).id);
    return ids;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    admin = await configureSmtp(ctx(), smtp);
    viewer = await signedIn(ctx(), { role: 'viewer' });
    ceeeUser = await signedIn(ctx(), { role: 'user', companyIds: [CEEE] });
    certelUser = await signedIn(ctx(), { role: 'user', companyIds: [CERTEL] });
    const created = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/energy-companies',
      headers: admin.headers,
      payload: { name: 'Apagada', fullName: 'Apagada Energia', active: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    inactiveCompany = created.json().id;
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('transfers a request: new company, status kept, history, audit and the citizen told in their language', async () => {
    const { id } = await fileRequest(ctx(), { email: 'transfer.en@example.com' }, 'en');
    // Assigned to a CEEE-only operator, who cannot work for Certel: the assignee goes.
    const before = await read(id);
    const assigned = await send(admin, 'PATCH', `/api/admin/repair-requests/${id}`, {
      status: 'in_progress',
      assignedToId: ceeeUser.id,
      updatedAt: before.updatedAt,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await drainOutbox(ctx());
    const audit = await countRows('auditLog');

    const res = await transfer(id, {
      companyId: CERTEL,
      reason: 'Pole belongs to Certel',
      updatedAt: assigned.json().updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().request;
    expect(after.company.id).toBe(CERTEL);
    expect(after.status).toBe('in_progress');
    expect(after.assignedToId).toBeNull();
    const event = after.history.at(-1);
    expect(event).toMatchObject({
      kind: 'transferred',
      fromCompany: 'CEEE',
      toCompany: 'Certel',
      notes: 'Pole belongs to Certel',
      fromStatus: null,
      toStatus: null,
      assignedToId: null,
      actorId: admin.id,
    });
    expect(after.history.filter((e: { kind: string }) => e.kind === 'transferred')).toHaveLength(1);

    expect(await countRows('auditLog')).toBe(audit + 1);
    const row = await ctx()
      .db.selectFrom('auditLog')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('request.transfer');
    expect(row.objectId).toBe(String(id));
    expect(JSON.parse(row.before ?? '{}')).toMatchObject({ companyId: CEEE, companyName: 'CEEE' });
    expect(JSON.parse(row.after ?? '{}')).toMatchObject({ companyId: CERTEL, reason: 'Pole belongs to Certel' });

    // In Certel's list now, no longer in CEEE's; the CEEE-only operator lost sight of it.
    const certelList = await send(admin, 'GET', `/api/admin/repair-requests?companyId=${CERTEL}&pageSize=100`);
    expect(certelList.json().items.map((i: { id: number }) => i.id)).toContain(id);
    const ceeeList = await send(admin, 'GET', `/api/admin/repair-requests?companyId=${CEEE}&pageSize=100`);
    expect(ceeeList.json().items.map((i: { id: number }) => i.id)).not.toContain(id);
    expect((await send(ceeeUser, 'GET', `/api/admin/repair-requests/${id}`)).statusCode).toBe(404);
    expect((await send(certelUser, 'GET', `/api/admin/repair-requests/${id}`)).statusCode).toBe(200);

    expect(await drainOutbox(ctx())).toBe(1);
    const mail = await smtp.waitFor(
      (m) => m.envelopeTo.includes('transfer.en@example.com') && /was passed to/.test(m.subject),
    );
    expect(mail.subject).toBe(`Request no. ${id} was passed to Cooperativa Regional de Energia Taquari Jacuí`);
    expect(mail.text).toContain('Pole belongs to Certel');
    expect(mail.text).toContain('Its status stays: In Progress.');
    expect(mail.text).toContain(`/track/${id}`);
  });

  it('writes the Portuguese e-mail for a Portuguese filing and keeps an assignee who may work for the new company', async () => {
    const { id } = await fileRequest(ctx(), { email: 'transfer.pt@example.com' }, 'pt');
    const anyCompany = await createAccount(ctx(), { role: 'user', name: 'Técnica Geral' });
    const before = await read(id);
    const assigned = await send(admin, 'PATCH', `/api/admin/repair-requests/${id}`, {
      status: 'open',
      assignedToId: anyCompany.id,
      updatedAt: before.updatedAt,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await drainOutbox(ctx());
    const res = await transfer(id, { companyId: RGE, reason: 'Poste da RGE', updatedAt: assigned.json().updatedAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request.assignedToId).toBe(anyCompany.id);
    await drainOutbox(ctx());
    const mail = await smtp.waitFor(
      (m) => m.envelopeTo.includes('transfer.pt@example.com') && /encaminhada/.test(m.subject),
    );
    expect(mail.subject).toBe(`Solicitação nº ${id} encaminhada para RGE Sul Distribuidora de Energia`);
    expect(mail.text).toContain('Poste da RGE');
  });

  it('refuses bad transfers with a clear 4xx in the reader language, applying nothing', async () => {
    const { id } = await fileRequest(ctx());
    const { updatedAt } = await read(id);
    const before = await snapshot([id]);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ companyId: 99_999, reason: 'x', updatedAt }, 400, 'pt', 'Escolha uma empresa de energia ativa'],
      [{ companyId: inactiveCompany, reason: 'x', updatedAt }, 400, 'en', 'This energy company is not active'],
      [{ companyId: CEEE, reason: 'x', updatedAt }, 400, 'en', 'The request is already with this company'],
      [{ companyId: CERTEL, reason: '   ', updatedAt }, 400, 'pt', 'Informe por que'],
      [{ companyId: CERTEL, updatedAt }, 400, 'en', 'Say why the request goes to another company'],
      [{ companyId: CERTEL, reason: 'x'.repeat(501), updatedAt }, 400, 'pt', ''],
      [{ companyId: 'two', reason: 'x', updatedAt }, 400, 'en', 'Choose an active energy company'],
      [{ companyId: CERTEL, reason: 'x', updatedAt: '2000-01-01T00:00:00.000Z' }, 409, 'en', 'changed by someone else'],
    ];
    for (const [body, status, lang, words] of cases) {
      const res = await transfer(id, body, admin, lang);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(status);
      expect(res.json().message).toContain(words);
    }
    expect((await transfer(999_999, { companyId: CERTEL, reason: 'x', updatedAt }, admin)).statusCode).toBe(404);
    expect(await snapshot([id])).toEqual(before);
  });

  it('keeps the role and company scope: viewer never, a company-linked account only inside its scope', async () => {
    const [ceeeRequest, certelRequest] = [(await fileMany(1, CEEE))[0]!, (await fileMany(1, CERTEL))[0]!];
    const ceeeAt = (await read(ceeeRequest)).updatedAt;
    const certelAt = (await read(certelRequest)).updatedAt;
    const before = await snapshot([ceeeRequest, certelRequest]);
    expect(
      (await transfer(ceeeRequest, { companyId: CERTEL, reason: 'x', updatedAt: ceeeAt }, viewer)).statusCode,
    ).toBe(403);
    expect(
      (
        await bulk(
          { change: { action: 'status', status: 'completed' }, items: [{ id: ceeeRequest, updatedAt: ceeeAt }] },
          viewer,
        )
      ).statusCode,
    ).toBe(403);
    // Out of its scope: the same 404 as a request that does not exist.
    expect(
      (await transfer(certelRequest, { companyId: RGE, reason: 'x', updatedAt: certelAt }, ceeeUser)).statusCode,
    ).toBe(404);
    expect(await snapshot([ceeeRequest, certelRequest])).toEqual(before);

    // Inside its scope it may send the request out, and then no longer sees it.
    const res = await transfer(ceeeRequest, { companyId: CERTEL, reason: 'Não é nosso', updatedAt: ceeeAt }, ceeeUser);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toBeNull();
    expect((await send(ceeeUser, 'GET', `/api/admin/repair-requests/${ceeeRequest}`)).statusCode).toBe(404);
    expect((await read(ceeeRequest)).company.id).toBe(CERTEL);
  });

  it('bulk-assigns 30 filtered requests: one event and one audit row each, and a summary', async () => {
    const ids = await fileMany(30, CEEE, { reference: 'bulk-assign-30' });
    const tech = await createAccount(ctx(), { role: 'user', companyIds: [CEEE], name: 'Técnico Lote' });
    const before = await snapshot(ids);
    const res = await bulk({
      change: { action: 'assignee', assignedToId: tech.id },
      filter: { companyId: String(CEEE), status: 'open', q: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { changed, refused } = res.json();
    // Every open CEEE request (these 30 and the ones other tests left open) is now the technician's.
    expect(changed).toEqual(expect.arrayContaining(ids));
    expect(refused).toEqual([]);
    expect(await countRows('auditLog')).toBe(before.audit + changed.length);
    expect(await countRows('requestEvents')).toBe(before.events + changed.length);
    // No status changed: no e-mail.
    expect(await countRows('emailOutbox')).toBe(before.outbox);
    const rows = await ctx()
      .db.selectFrom('repairRequests')
      .select(['assignedToId', 'status'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((r) => r.assignedToId === tech.id && r.status === 'open')).toBe(true);
    const mine = await send(admin, 'GET', `/api/admin/repair-requests?assignedToId=${tech.id}&pageSize=100`);
    expect(mine.json().total).toBe(changed.length);
  });

  it('bulk by ids reports each refused row: stale, out of scope, invalid assignee, already so', async () => {
    const ids = await fileMany(5, CEEE);
    const [other] = await fileMany(1, CERTEL);
    const seen = await Promise.all([...ids, other!].map(async (id) => ({ id, updatedAt: (await read(id)).updatedAt })));
    // Someone changes ids[0] after it was read; ids[1] is already in progress.
    const first = await send(admin, 'PATCH', `/api/admin/repair-requests/${ids[0]}`, {
      status: 'open',
      notes: 'meanwhile',
      updatedAt: seen[0]!.updatedAt,
    });
    expect(first.statusCode).toBe(200);
    const second = await send(admin, 'PATCH', `/api/admin/repair-requests/${ids[1]}`, {
      status: 'in_progress',
      updatedAt: seen[1]!.updatedAt,
    });
    expect(second.statusCode).toBe(200);
    seen[1] = { id: ids[1]!, updatedAt: second.json().updatedAt };
    const audit = await countRows('auditLog');

    const res = await bulk({ change: { action: 'status', status: 'in_progress' }, items: seen }, ceeeUser);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      changed: [ids[2], ids[3], ids[4]],
      refused: [
        { id: ids[0], reason: 'stale' },
        { id: ids[1], reason: 'unchanged' },
        { id: other, reason: 'notFound' },
      ],
    });
    expect(await countRows('auditLog')).toBe(audit + 3);
    // The status e-mails of the changed rows were queued with them.
    await drainOutbox(ctx());
    for (const id of ids.slice(2)) {
      const detail = await read(id);
      expect(detail.status).toBe('in_progress');
      expect(detail.history.filter((e: { toStatus: string | null }) => e.toStatus === 'in_progress')).toHaveLength(1);
    }

    // An assignee Certel's work cannot have: refused per row, the others assigned.
    const fresh = await Promise.all(ids.slice(2).map(async (id) => ({ id, updatedAt: (await read(id)).updatedAt })));
    const certelTech = await createAccount(ctx(), { role: 'user', companyIds: [CERTEL] });
    const res2 = await bulk({ change: { action: 'assignee', assignedToId: certelTech.id }, items: fresh });
    expect(res2.json()).toEqual({
      changed: [],
      refused: fresh.map(({ id }) => ({ id, reason: 'invalidAssignee' })),
    });
  });

  it('a row that fails unexpectedly is listed as failed; the rows before and after it still change', async () => {
    const ids = await fileMany(3, CEEE);
    const seen = await Promise.all(ids.map(async (id) => ({ id, updatedAt: (await read(id)).updatedAt })));
    // The database refuses the middle row's update, as a lost connection or a deadlock would.
    const failing = ids[1]!;
    if (ctx().engine === 'sqlite') {
      await sql`create trigger bulk_test_fail before update on repair_requests when old.id = ${sql.lit(failing)}
        begin select raise(abort, 'bulk test'); end`.execute(ctx().db);
    } else {
      await sql`create function bulk_test_fail() returns trigger language plpgsql as $$
        begin if old.id = ${sql.lit(failing)} then raise exception 'bulk test'; end if; return new; end $$`.execute(
        ctx().db,
      );
      await sql`create trigger bulk_test_fail before update on repair_requests
        for each row execute function bulk_test_fail()`.execute(ctx().db);
    }
    try {
      const res = await bulk({ change: { action: 'status', status: 'in_progress' }, items: seen });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ changed: [ids[0], ids[2]], refused: [{ id: failing, reason: 'failed' }] });
      expect((await read(failing)).status).toBe('open');
    } finally {
      await sql`drop trigger bulk_test_fail${sql.raw(ctx().engine === 'sqlite' ? '' : ' on repair_requests')}`.execute(
        ctx().db,
      );
      if (ctx().engine === 'postgres') await sql`drop function bulk_test_fail()`.execute(ctx().db);
    }
  });

  it('bulk-transfers with a reason, each row told and recorded; an inactive target refuses the whole bulk', async () => {
    const ids = await fileMany(3, CEEE, { email: 'bulk.transfer@example.com' });
    const items = await Promise.all(ids.map(async (id) => ({ id, updatedAt: (await read(id)).updatedAt })));
    await drainOutbox(ctx());
    const before = await snapshot(ids);
    const refused = await bulk(
      { change: { action: 'company', companyId: inactiveCompany, reason: 'x' }, items },
      admin,
      'en',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('not active');
    const unknown = await bulk({ change: { action: 'company', companyId: 99_999, reason: 'x' }, items });
    expect(unknown.statusCode).toBe(400);
    const noReason = await bulk({ change: { action: 'company', companyId: RGE }, items });
    expect(noReason.statusCode).toBe(400);
    expect(await snapshot(ids)).toEqual(before);

    const res = await bulk({ change: { action: 'company', companyId: RGE, reason: 'Rede da RGE' }, items });
    expect(res.json()).toEqual({ changed: ids, refused: [] });
    for (const id of ids) {
      const detail = await read(id);
      expect(detail.company.id).toBe(RGE);
      expect(detail.history.filter((e: { kind: string }) => e.kind === 'transferred')).toHaveLength(1);
    }
    expect(await drainOutbox(ctx())).toBe(3);
  });

  it('refuses a bulk of 1,001 ids, a filter matching over 1,000, both or neither, and duplicates: nothing applied', async () => {
    await seedRequests(ctx().db, { count: 1_001, now: ctx().clock.now(), seed: 23, companyIds: [RGE] });
    const ids = await fileMany(2, CERTEL);
    const items = await Promise.all(ids.map(async (id) => ({ id, updatedAt: (await read(id)).updatedAt })));
    const before = await snapshot(ids);
    const change = { action: 'status', status: 'cancelled' };
    const many = Array.from({ length: 1_001 }, (_, i) => ({ id: i + 1, updatedAt: 'x' }));
    const cases: [Record<string, unknown>, string][] = [
      [{ change, items: many }, 'A bulk change takes at most 1,000 requests'],
      [{ change, filter: { companyId: String(RGE) } }, 'More than 1,000 requests match this filter'],
      [{ change, items, filter: {} }, 'not both'],
      [{ change }, 'not both'],
      [{ change, items: [...items, items[0]] }, 'more than once'],
      [{ change, items: [] }, 'Select at least one request'],
      [{ change: { action: 'explode' }, items }, ''],
      [{ change, filter: { status: 'lost' } }, ''],
    ];
    for (const [body, words] of cases) {
      const res = await bulk(body, admin, 'en');
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 200)} ${res.body}`).toBe(400);
      expect(res.json().message).toContain(words);
    }
    const pt = await bulk({ change, filter: { companyId: String(RGE) } }, admin, 'pt');
    expect(pt.json().message).toContain('Mais de 1.000 solicitações');
    expect(await snapshot(ids)).toEqual(before);
    // Exactly 1,000 matches is allowed (the limit, not one less): move the rest out first.
    const rge = await ctx()
      .db.selectFrom('repairRequests')
      .select(['id', 'updatedAt'])
      .where('companyId', '=', RGE)
      .orderBy('id', 'desc')
      .execute();
    expect(rge.length).toBeGreaterThan(1_000);
    const moved = await bulk({
      change: { action: 'company', companyId: CERTEL, reason: 'x' },
      items: rge.slice(0, rge.length - 1_000),
    });
    expect(moved.json().changed).toHaveLength(rge.length - 1_000);
    const matching = await send(admin, 'GET', `/api/admin/repair-requests?companyId=${RGE}&status=cancelled`);
    const notCancelled = await bulk({
      change: { action: 'status', status: 'cancelled' },
      filter: { companyId: String(RGE) },
    });
    expect(notCancelled.statusCode, notCancelled.body).toBe(200);
    const result = notCancelled.json();
    expect(result.changed.length + result.refused.length).toBe(1_000);
    expect(result.refused.length).toBe(matching.json().total);
    expect(result.refused.every((r: { reason: string }) => r.reason === 'unchanged')).toBe(true);
  }, 120_000);

  it('stays exact under concurrent bulks and updates: each row changed once, the rest refused as stale', async () => {
    const ids = await fileMany(12, CERTEL);
    const items = await Promise.all(ids.map(async (id) => ({ id, updatedAt: (await read(id)).updatedAt })));
    const techA = await createAccount(ctx(), { role: 'user', companyIds: [CERTEL] });
    const techB = await createAccount(ctx(), { role: 'user', companyIds: [CERTEL] });
    const events = await countRows('requestEvents');
    const audit = await countRows('auditLog');
    const [a, b, c, d] = await Promise.all([
      bulk({ change: { action: 'assignee', assignedToId: techA.id }, items }),
      bulk({ change: { action: 'assignee', assignedToId: techB.id }, items: [...items].reverse() }),
      bulk({ change: { action: 'company', companyId: RGE, reason: 'race' }, items }),
      send(admin, 'PATCH', `/api/admin/repair-requests/${ids[5]}`, {
        status: 'completed',
        updatedAt: items[5]!.updatedAt,
      }),
    ]);
    for (const res of [a, b, c]) expect(res.statusCode, res.body).toBe(200);
    const patched = d.statusCode === 200 ? 1 : 0;
    if (!patched) expect(d.statusCode).toBe(409);
    const changed = [a, b, c].flatMap((res) => res.json().changed as number[]);
    const refused = [a, b, c].flatMap((res) => res.json().refused as { id: number; reason: string }[]);
    // Every row was changed by exactly one writer, seen at the same updatedAt; the others were stale.
    expect(changed.length + patched).toBe(ids.length);
    expect(new Set([...changed, ...(patched ? [ids[5]] : [])]).size).toBe(ids.length);
    expect(refused.length).toBe(3 * ids.length - changed.length);
    expect(refused.every((r) => r.reason === 'stale')).toBe(true);
    expect(await countRows('requestEvents')).toBe(events + ids.length);
    expect(await countRows('auditLog')).toBe(audit + ids.length);
    // The counters the dashboard reads stay equal to the rows.
    const counts = (await send(admin, 'GET', '/api/admin/repair-requests/counts/company')).json() as {
      companyId: number;
      total: number;
    }[];
    for (const company of counts) {
      const row = await ctx()
        .db.selectFrom('repairRequests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('companyId', '=', company.companyId)
        .executeTakeFirstOrThrow();
      expect(company.total).toBe(Number(row.n));
    }
  });
});
