// Issue 23, repair deadlines (decision 0029), on both engines and both ways of filing
// (the prepared hot path and FAST_PATH=off): a request's due time comes from the target in
// force when it is filed (company override, else default); a later target leaves it alone;
// cancelled pauses the clock; restartDeadline restarts it; overdue requests are counted per
// company within the reader's scope; the targets are admin-only, audited, and bad input is
// a clear 4xx in the reader's language with nothing half-applied.
import { REPAIR_TARGET_DEFAULTS, type RepairTargets } from '@acende/shared/schemas/repair-targets';
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { validRequest } from '../../../test/requests.ts';
import { restartDeadline } from '../../core/deadlines.ts';

const HOUR = 3_600_000;
const plus = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

function suite(ctx: () => TestContext) {
  let admin: TestAccount;
  const send = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: unknown, account = admin, lang = 'pt') =>
    ctx().app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...account.headers, 'accept-language': lang },
    });
  const file = async (overrides: Record<string, string> = {}) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/repair-requests',
      payload: { ...validRequest, ...overrides },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  /** Moves the clock on; the admin signs in again, as sessions end after hours idle. */
  const advance = async (ms: number) => {
    ctx().clock.advance(ms);
    admin = await signedIn(ctx(), { role: 'admin' });
  };
  const targetAudits = async () =>
    (await auditRows(ctx())).filter((row) => row.kind === 'settings.repair_targets.update');
  const stored = (id: number) =>
    ctx()
      .db.selectFrom('repairRequests')
      .select(['createdAt', 'dueAt', 'status', 'updatedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const targets = (overrides: RepairTargets['overrides'] = [], defaults: Partial<RepairTargets['defaults']> = {}) => ({
    defaults: { ...REPAIR_TARGET_DEFAULTS, ...defaults },
    overrides,
  });
  const setStatus = async (id: number, status: string, account = admin) => {
    const { updatedAt } = await stored(id);
    const res = await send('PATCH', `/api/admin/repair-requests/${id}`, { status, updatedAt }, account);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('starts from the defaults of the issue', async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    const res = await send('GET', '/api/admin/repair-targets');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      defaults: { LIGHT_OUT: 72, NO_LAMP: 72, FALLEN_POLE: 24, POLE_DAMAGE: 72 },
      overrides: [],
    });
  });

  it('gives a filed request the due time of the target in force: the company’s own, else the default', async () => {
    const saved = await send(
      'PUT',
      '/api/admin/repair-targets',
      targets([{ companyId: 2, problemType: 'FALLEN_POLE', hours: 6 }], { FALLEN_POLE: 30 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().overrides).toEqual([{ companyId: 2, problemType: 'FALLEN_POLE', hours: 6 }]);

    const byDefault = await stored(await file({ problemType: 'FALLEN_POLE', company: '1' }));
    expect(byDefault.dueAt).toBe(plus(byDefault.createdAt, 30 * HOUR));
    const byCompany = await stored(await file({ problemType: 'FALLEN_POLE', company: '2' }));
    expect(byCompany.dueAt).toBe(plus(byCompany.createdAt, 6 * HOUR));
    const otherType = await stored(await file({ problemType: 'NO_LAMP', company: '2' }));
    expect(otherType.dueAt).toBe(plus(otherType.createdAt, 72 * HOUR));

    // A later change applies to requests filed after it; the ones filed keep their promise.
    await send('PUT', '/api/admin/repair-targets', targets([], { FALLEN_POLE: 24 }));
    const after = await stored(await file({ problemType: 'FALLEN_POLE', company: '2' }));
    expect(after.dueAt).toBe(plus(after.createdAt, 24 * HOUR));
    const detail = await send('GET', `/api/admin/repair-requests/${await file({ problemType: 'FALLEN_POLE' })}`);
    expect(detail.json().dueAt).toBe(plus(detail.json().createdAt, 24 * HOUR));
  });

  it('keeps the due times already given when a target changes', async () => {
    const id = await file({ problemType: 'POLE_DAMAGE' });
    const before = await stored(id);
    await send('PUT', '/api/admin/repair-targets', targets([], { POLE_DAMAGE: 5 }));
    expect((await stored(id)).dueAt).toBe(before.dueAt);
    await send('PUT', '/api/admin/repair-targets', targets());
  });

  it('pauses the clock while cancelled: leaving cancelled moves the due time on by the time spent there', async () => {
    const id = await file();
    const { dueAt } = await stored(id);
    await setStatus(id, 'cancelled');
    await advance(10 * HOUR);
    const reopened = await setStatus(id, 'open');
    // Ten hours, give or take the millisecond an update's time may be moved past the last one.
    expect(Math.abs(Date.parse(reopened.dueAt) - Date.parse(dueAt as string) - 10 * HOUR)).toBeLessThan(1000);
    // Other changes leave it alone.
    await setStatus(id, 'in_progress');
    expect((await stored(id)).dueAt).toBe(reopened.dueAt);
  });

  it('restarts the clock with restartDeadline, from the target in force for the request', async () => {
    const id = await file({ problemType: 'FALLEN_POLE', company: '3' });
    await send('PUT', '/api/admin/repair-targets', targets([{ companyId: 3, problemType: 'FALLEN_POLE', hours: 12 }]));
    const now = '2030-01-01T00:00:00.000Z';
    const due = await ctx()
      .db.transaction()
      .execute((trx) => restartDeadline(trx, id, now));
    expect(due).toBe('2030-01-01T12:00:00.000Z');
    expect((await stored(id)).dueAt).toBe(due);
    expect(
      await ctx()
        .db.transaction()
        .execute((trx) => restartDeadline(trx, 999_999_999, now)),
    ).toBeNull();
    await send('PUT', '/api/admin/repair-targets', targets());
  });

  it('counts overdue requests per company on the dashboard, within the reader’s scope', async () => {
    const counts = async (account: TestAccount) => {
      const res = await send('GET', '/api/admin/repair-requests/counts/company', undefined, account);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        (res.json() as { companyId: number; overdue: number }[]).map((c) => [c.companyId, c.overdue]),
      );
    };
    const start = await counts(admin);
    const late = await file({ problemType: 'FALLEN_POLE', company: '2' });
    const done = await file({ problemType: 'FALLEN_POLE', company: '2' });
    const paused = await file({ problemType: 'FALLEN_POLE', company: '2' });
    await setStatus(done, 'completed');
    await setStatus(paused, 'cancelled');
    expect(await counts(admin)).toEqual(start);
    await advance(25 * HOUR);
    const after = await counts(admin);
    expect(after[2]).toBeGreaterThanOrEqual((start[2] ?? 0) + 1);
    const detail = await send('GET', `/api/admin/repair-requests/${late}`);
    expect(Date.parse(detail.json().dueAt)).toBeLessThan(ctx().clock.now().getTime());
    // Only the late one of the three counts: completed and cancelled are not overdue.
    const lateNow = await ctx()
      .db.selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('companyId', '=', 2)
      .where('status', 'in', ['open', 'in_progress'])
      .where('dueAt', '<', ctx().clock.now().toISOString())
      .executeTakeFirstOrThrow();
    expect(after[2]).toBe(Number(lateNow.n));
    const scoped = await signedIn(ctx(), { role: 'user', companyIds: [1] });
    const seen = await counts(scoped);
    expect(Object.keys(seen)).toEqual(['1']);
  });

  it('lists the overdue requests alone, and sorts by due time, page after page', async () => {
    const list = async (query: string, account = admin) => {
      const res = await send('GET', `/api/admin/repair-requests?${query}`, undefined, account);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        total: number;
        items: { id: number; dueAt: string; status: string; companyId: number }[];
        nextCursor: string | null;
      };
    };
    const now = ctx().clock.now().toISOString();
    const overdue = await list('deadline=overdue&pageSize=100');
    expect(overdue.total).toBeGreaterThan(0);
    expect(overdue.items.length).toBe(overdue.total);
    for (const item of overdue.items) {
      expect(['open', 'in_progress']).toContain(item.status);
      expect(item.dueAt < now).toBe(true);
    }
    // Exactly the overdue ones: every other request is on time, paused or closed.
    const all = await list('pageSize=100');
    const expected = all.items
      .filter((i) => ['open', 'in_progress'].includes(i.status) && i.dueAt < now)
      .map((i) => i.id);
    expect(overdue.items.map((i) => i.id).sort()).toEqual(expected.sort());
    // A company-linked account sees only its company's.
    const scoped = await signedIn(ctx(), { role: 'viewer', companyIds: [1] });
    const mine = await list('deadline=overdue&pageSize=100', scoped);
    expect(mine.items.every((i) => i.companyId === 1)).toBe(true);
    expect(mine.total).toBe(overdue.items.filter((i) => i.companyId === 1).length);

    // Soonest due first, and the cursor walks on without skipping or repeating.
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 1;
    do {
      const res = await list(`sort=due&dir=asc&pageSize=10&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.items.map((i) => `${i.dueAt}#${String(i.id).padStart(9, '0')}`));
      cursor = res.nextCursor ?? null;
      page += 1;
    } while (cursor);
    expect(seen.length).toBe(all.total);
    expect(seen).toEqual([...seen].sort());
    const bad = await send('GET', '/api/admin/repair-requests?deadline=late', undefined, admin, 'en');
    expect(bad.statusCode).toBe(400);
  });

  it('lets only admins read or change the targets', async () => {
    for (const role of ['viewer', 'user'] as const) {
      const account = await signedIn(ctx(), { role });
      expect((await send('GET', '/api/admin/repair-targets', undefined, account)).statusCode).toBe(403);
      expect((await send('PUT', '/api/admin/repair-targets', targets([], { LIGHT_OUT: 1 }), account)).statusCode).toBe(
        403,
      );
    }
    const scoped = await signedIn(ctx(), { role: 'user', companyIds: [2] });
    expect((await send('PUT', '/api/admin/repair-targets', targets([], { LIGHT_OUT: 1 }), scoped)).statusCode).toBe(
      403,
    );
    expect((await ctx().app.inject({ method: 'GET', url: '/api/admin/repair-targets' })).statusCode).toBe(401);
    expect((await send('GET', '/api/admin/repair-targets')).json().defaults.LIGHT_OUT).toBe(72);
  });

  it('refuses bad input with a clear 400 in the reader’s language, and changes nothing', async () => {
    const before = (await send('GET', '/api/admin/repair-targets')).json();
    const audits = (await targetAudits()).length;
    const bad: [unknown, string, string][] = [
      [
        targets([], { FALLEN_POLE: 0 }),
        'Informe um número inteiro de horas entre 1 e 8760',
        'Enter a whole number of hours between 1 and 8760',
      ],
      [
        targets([], { FALLEN_POLE: 8761 }),
        'Informe um número inteiro de horas entre 1 e 8760',
        'Enter a whole number of hours between 1 and 8760',
      ],
      [
        targets([], { FALLEN_POLE: 1.5 }),
        'Informe um número inteiro de horas entre 1 e 8760',
        'Enter a whole number of hours between 1 and 8760',
      ],
      [
        { defaults: { LIGHT_OUT: 72 }, overrides: [] },
        'Informe um número inteiro de horas entre 1 e 8760',
        'Enter a whole number of hours between 1 and 8760',
      ],
      [
        targets([{ companyId: 1, problemType: 'BROKEN' as 'NO_LAMP', hours: 5 }]),
        'Selecione um tipo de problema válido',
        'Select a valid problem type',
      ],
      [
        targets([
          { companyId: 1, problemType: 'NO_LAMP', hours: 5 },
          { companyId: 1, problemType: 'NO_LAMP', hours: 6 },
        ]),
        'Cada empresa pode ter um só prazo por tipo de problema',
        'Each company may have only one target per problem type',
      ],
      // A company that does not exist: refused after the first, valid, changes would have been made.
      [
        targets(
          [
            { companyId: 1, problemType: 'NO_LAMP', hours: 5 },
            { companyId: 999_999, problemType: 'NO_LAMP', hours: 5 },
          ],
          { LIGHT_OUT: 2 },
        ),
        'Escolha uma empresa da lista',
        'Choose a company from the list',
      ],
    ];
    for (const [payload, pt, en] of bad) {
      for (const [lang, message] of [
        ['pt', pt],
        ['en', en],
      ] as const) {
        const res = await send('PUT', '/api/admin/repair-targets', payload, admin, lang);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body, JSON.stringify(payload)).toContain(message);
      }
    }
    expect((await send('GET', '/api/admin/repair-targets')).json()).toEqual(before);
    expect((await targetAudits()).length).toBe(audits);
  });

  it('writes one audit row per change, with what changed', async () => {
    const audits = (await targetAudits()).length;
    await send('PUT', '/api/admin/repair-targets', targets([], { NO_LAMP: 48 }));
    const rows = await targetAudits();
    expect(JSON.parse(rows[0]?.after as string)).toEqual({ defaults: { ...REPAIR_TARGET_DEFAULTS, NO_LAMP: 48 } });
    expect(rows.length).toBe(audits + 1);
    await send('PUT', '/api/admin/repair-targets', targets());
  });
}

describeEachEngine('repair deadlines', suite);
describeEachEngine('repair deadlines (FAST_PATH=off)', suite, { env: { FAST_PATH: 'off' } });
