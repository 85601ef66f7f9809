// Crews and work orders through the API on both engines (issue 37): dispatch by selection and
// by area, the route order, one open work order per request (also when two supervisors race),
// company scope, cancelling, audit, and clear 4xx answers in both languages.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { describeEachDay, it } from '../../../test/engines.ts';
import { fileValidRequest, setStatusAsAdmin } from '../../../test/requests.ts';

/** Each page's text, as a reader's PDF viewer extracts it. */
async function pdfText(buffer: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), useSystemFonts: false, disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages;
}

describeEachDay('crews and work orders', (ctx) => {
  let admin: TestAccount;
  let operatorA: TestAccount;
  let operatorB: TestAccount;
  const call = (account: TestAccount, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, lang = 'pt') =>
    ctx().app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...account.headers, 'accept-language': lang },
    });
  /** Files a request of `company` at a point on one east-west street, `lng` along it. */
  const fileAt = (lng: number, company = '1') =>
    fileValidRequest(ctx().app, { latitude: '-30.0300', longitude: lng.toFixed(4), company });
  const crewOf = async (account: TestAccount, companyId: number, name: string) => {
    const res = await call(account, 'POST', '/api/admin/crews', { companyId, name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; companyId: number; active: boolean };
  };

  it('sets up the supervisors', async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    operatorA = await signedIn(ctx(), { role: 'user', companyIds: [1] });
    operatorB = await signedIn(ctx(), { role: 'user', companyIds: [2] });
  });

  it('keeps crews per company: an operator for its own company only, names unique in a company, audited', async () => {
    const crew = await crewOf(operatorA, 1, 'Equipe Norte');
    expect(crew).toMatchObject({ companyId: 1, active: true });
    const again = await call(operatorA, 'POST', '/api/admin/crews', { companyId: 1, name: 'Equipe Norte' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta empresa já tem uma equipe com este nome');
    // Another company's operator cannot make one for company 1, nor see its crews.
    const foreign = await call(operatorB, 'POST', '/api/admin/crews', { companyId: 1, name: 'Intrusa' }, 'en');
    expect(foreign.statusCode).toBe(400);
    expect((await call(operatorB, 'GET', '/api/admin/crews')).json()).toEqual([]);
    expect((await call(operatorB, 'PATCH', `/api/admin/crews/${crew.id}`, { active: false })).statusCode).toBe(404);
    const viewer = await signedIn(ctx(), { role: 'viewer', companyIds: [1] });
    expect((await call(viewer, 'POST', '/api/admin/crews', { companyId: 1, name: 'X' })).statusCode).toBe(403);
    expect((await call(viewer, 'GET', '/api/admin/crews')).json().map((c: { id: number }) => c.id)).toContain(crew.id);
    const created = (await auditRows(ctx())).find((row) => row.kind === 'crew.create');
    expect(created).toMatchObject({ objectType: 'crew', objectId: String(crew.id) });
  });

  it('makes a work order from chosen requests, ordered as a route from the start point', async () => {
    const crew = await crewOf(admin, 1, 'Equipe Rota');
    const far = await fileAt(-51.2);
    const near = await fileAt(-51.24);
    const middle = await fileAt(-51.22);
    const res = await call(operatorA, 'POST', '/api/admin/work-orders', {
      crewId: crew.id,
      day: '2026-12-01',
      requestIds: [far, near, middle],
      start: { lat: -30.03, lng: -51.25 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ crewId: crew.id, companyId: 1, day: '2026-12-01', state: 'planned' });
    expect(order.stops.map((s: { requestId: number }) => s.requestId)).toEqual([near, middle, far]);
    expect(order.stops.map((s: { position: number }) => s.position)).toEqual([1, 2, 3]);
    // About 1 km of street from the start (-51.25) to the far end (-51.20) at latitude -30.
    expect(order.routeMetres).toBeGreaterThan(4700);
    expect(order.routeMetres).toBeLessThan(4900);
    const listed = (await call(admin, 'GET', '/api/admin/work-orders?day=2026-12-01')).json();
    expect(listed).toContainEqual(
      expect.objectContaining({ id: order.id, stops: 3, done: 0, crewName: 'Equipe Rota' }),
    );
    expect((await call(operatorB, 'GET', `/api/admin/work-orders/${order.id}`)).statusCode).toBe(404);
    const made = (await auditRows(ctx())).find((row) => row.kind === 'work-order.create');
    expect(made).toMatchObject({ objectType: 'work_order', objectId: String(order.id) });
  });

  it('prints the work order in the reader’s language: the route’s stops in order, without the map server', async () => {
    const crew = await crewOf(admin, 1, 'Equipe Papel');
    const ids = [await fileAt(-51.12), await fileAt(-51.11)];
    const order = (
      await call(admin, 'POST', '/api/admin/work-orders', {
        crewId: crew.id,
        day: '2026-12-07',
        requestIds: ids,
        start: { lat: -30.03, lng: -51.1 },
      })
    ).json();
    const pt = await call(operatorA, 'GET', `/api/admin/work-orders/${order.id}/pdf`);
    expect(pt.statusCode).toBe(200);
    expect(pt.headers['content-type']).toBe('application/pdf');
    const page = (await pdfText(pt.rawPayload)).join(' ');
    expect(page).toContain(`Ordem de serviço nº ${order.id}`);
    expect(page).toContain('Equipe: Equipe Papel');
    expect(page).toContain('07/12/2026');
    expect(page).toContain('Mapa sem ruas');
    // The stop nearest the start (-51.11) is first: its number comes before the other's.
    const [first, second] = [ids[1], ids[0]] as [number, number];
    expect(page.indexOf(` ${first} `)).toBeLessThan(page.indexOf(` ${second} `));
    const en = await call(admin, 'GET', `/api/admin/work-orders/${order.id}/pdf`, undefined, 'en');
    expect((await pdfText(en.rawPayload))[0]).toContain(`Work order no. ${order.id}`);
    expect((await call(operatorB, 'GET', `/api/admin/work-orders/${order.id}/pdf`)).statusCode).toBe(404);
  });

  it('puts overdue stops first when asked', async () => {
    const crew = await crewOf(admin, 1, 'Equipe Atrasos');
    const late = await fileAt(-51.3);
    const onTime = await fileAt(-51.26);
    await ctx()
      .db.updateTable('repairRequests')
      .set({ dueAt: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', late)
      .execute();
    const body = {
      crewId: crew.id,
      day: '2026-12-02',
      requestIds: [late, onTime],
      start: { lat: -30.03, lng: -51.25 },
    };
    const plain = (await call(admin, 'POST', '/api/admin/work-orders', body)).json();
    expect(plain.stops.map((s: { requestId: number }) => s.requestId)).toEqual([onTime, late]);
    expect(plain.stops[1].overdue).toBe(true);
    expect((await call(admin, 'POST', `/api/admin/work-orders/${plain.id}/cancel`)).statusCode).toBe(200);
    const first = await call(admin, 'POST', '/api/admin/work-orders', { ...body, overdueFirst: true });
    expect(first.json().stops.map((s: { requestId: number }) => s.requestId)).toEqual([late, onTime]);
  });

  it('keeps a request in one open work order, names the ones taken, and frees them on cancel', async () => {
    const crew = await crewOf(admin, 1, 'Equipe Única');
    const one = await fileAt(-51.31);
    const two = await fileAt(-51.32);
    const closed = await fileAt(-51.33);
    await setStatusAsAdmin(ctx(), closed, 'completed');
    const other = await fileAt(-51.34, '2');
    const first = (
      await call(admin, 'POST', '/api/admin/work-orders', { crewId: crew.id, day: '2026-12-03', requestIds: [one] })
    ).json();
    const before = await ctx()
      .db.selectFrom('workOrders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await call(
      admin,
      'POST',
      '/api/admin/work-orders',
      { crewId: crew.id, day: '2026-12-03', requestIds: [two, one, closed, other] },
      'en',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `3 requests are already in another open work order, closed, or not the crew's company's: ${one}, ${closed}, ${other}`,
    );
    const after = await ctx()
      .db.selectFrom('workOrders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await call(admin, 'POST', `/api/admin/work-orders/${first.id}/cancel`)).json().state).toBe('cancelled');
    expect((await call(admin, 'POST', `/api/admin/work-orders/${first.id}/cancel`)).statusCode).toBe(409);
    const retaken = await call(admin, 'POST', '/api/admin/work-orders', {
      crewId: crew.id,
      day: '2026-12-03',
      requestIds: [one, two],
    });
    expect(retaken.statusCode, retaken.body).toBe(201);
  });

  it('lets one of two supervisors racing for the same requests win, never both', async () => {
    const crew = await crewOf(admin, 1, 'Equipe Corrida');
    const ids = [await fileAt(-51.41), await fileAt(-51.42)];
    const body = { crewId: crew.id, day: '2026-12-04', requestIds: ids };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(i % 2 ? admin : operatorA, 'POST', '/api/admin/work-orders', body)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const stops = await ctx()
      .db.selectFrom('workOrderStops')
      .select('workOrderId')
      .where('requestId', 'in', ids)
      .execute();
    expect(new Set(stops.map((s) => s.workOrderId)).size).toBe(1);
  });

  it('takes every open request of the crew’s company in an area, and says when there are none or too many', async () => {
    const crew = await crewOf(admin, 1, 'Equipe Área');
    const inside = [await fileAt(-51.501), await fileAt(-51.502)];
    await fileAt(-51.503, '2'); // another company's, inside the area
    await fileAt(-51.6); // outside
    const area = { south: -30.04, west: -51.51, north: -30.02, east: -51.5 };
    const res = await call(operatorA, 'POST', '/api/admin/work-orders', { crewId: crew.id, day: '2026-12-05', area });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      res
        .json()
        .stops.map((s: { requestId: number }) => s.requestId)
        .sort(),
    ).toEqual(inside.sort());
    const empty = await call(
      operatorA,
      'POST',
      '/api/admin/work-orders',
      { crewId: crew.id, day: '2026-12-05', area },
      'en',
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No open or in-progress request of this company in this selection');
  });

  it('refuses an area holding more than 100 requests, saying how many, rather than cutting it', async () => {
    const crew = await crewOf(admin, 1, 'Equipe Lotada');
    const model = await fileAt(-51.701);
    const row = await ctx()
      .db.selectFrom('repairRequests')
      .selectAll()
      .where('id', '=', model)
      .executeTakeFirstOrThrow();
    const { id: _id, repairMs: _generated, ...copy } = row;
    for (let i = 0; i < 100; i++) {
      await ctx()
        .db.insertInto('repairRequests')
        .values({ ...copy, trackingTokenHash: `${row.trackingTokenHash}-${i}`, idempotencyKeyHash: null })
        .execute();
    }
    const area = { south: -30.04, west: -51.71, north: -30.02, east: -51.7 };
    const res = await call(admin, 'POST', '/api/admin/work-orders', { crewId: crew.id, day: '2026-12-06', area }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A work order takes at most 100 stops; this selection has 101+');
    expect(await ctx().db.selectFrom('workOrderStops').select('id').where('requestId', '=', model).execute()).toEqual(
      [],
    );
  });

  it('answers bad input with a clear 400 in the reader’s language and writes nothing', async () => {
    const crew = await crewOf(admin, 1, 'Equipe Erros');
    const changes = async () => (await auditRows(ctx())).filter((row) => /^(crew|work-order)\./.test(row.kind)).length;
    const before = await changes();
    const cases: [unknown, string, string][] = [
      [{ crewId: crew.id, day: '2026-02-30', requestIds: [1] }, 'day', 'Enter the day as YYYY-MM-DD'],
      [{ crewId: crew.id, day: '2026-12-01' }, 'requestIds', 'Choose the requests or an area, not both'],
      [
        { crewId: crew.id, day: '2026-12-01', requestIds: [1, 1] },
        'requestIds',
        'Choose 1 to 100 requests, none twice',
      ],
      [
        { crewId: crew.id, day: '2026-12-01', area: { south: 1, west: 1, north: 0, east: 2 } },
        'area',
        'Enter the area as a valid south, west, north and east (south below north, west below east)',
      ],
      [
        { crewId: crew.id, day: '2026-12-01', requestIds: [1], start: { lat: 91, lng: 0 } },
        'start',
        'Enter the start point with a valid latitude and longitude',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call(admin, 'POST', '/api/admin/work-orders', payload, 'en');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json().errors), field).toContain(message);
    }
    expect(
      (await call(admin, 'POST', '/api/admin/work-orders', { crewId: 999999, day: '2026-12-01', requestIds: [1] }))
        .statusCode,
    ).toBe(404);
    await call(admin, 'PATCH', `/api/admin/crews/${crew.id}`, { active: false });
    const inactive = await call(admin, 'POST', '/api/admin/work-orders', {
      crewId: crew.id,
      day: '2026-12-01',
      requestIds: [1],
    });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe('Esta equipe está desativada');
    expect(await changes()).toBe(before + 1); // only the crew's change
  });
});
