// The crew report through the API on both engines (issue 37): per crew and day, stops, fixed,
// fixed at the first visit, not possible and the median minutes on site; the totals; the
// company scope; the period's limit; the CSV and the PDF in the reader's language, audited.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { describeEachDay, it } from '../../../test/engines.ts';
import { fileValidRequest } from '../../../test/requests.ts';

async function pdfText(buffer: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), useSystemFonts: false, disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join(' ');
}

/** A stop's visit as the crew's app records it: arrival, minutes on site, outcome. */
type Visit = [arrived: string | null, minutes: number | null, outcome: 'fixed' | 'not_possible' | null];

describeEachDay('crew report', (ctx) => {
  let admin: TestAccount;
  let operatorA: TestAccount;
  let operatorB: TestAccount;
  let north: { id: number; companyName: string };
  let south: { id: number; companyName: string };
  const get = (account: TestAccount, url: string, lang = 'pt') =>
    ctx().app.inject({ method: 'GET', url, headers: { ...account.headers, 'accept-language': lang } });
  const send = (method: 'POST', url: string, payload?: object) =>
    ctx().app.inject({ method, url, payload, headers: admin.headers });

  /** A work order of the crew on `day` over `requestIds`, its stops' visits written; then done, as the app leaves it. */
  async function workDay(crewId: number, day: string, requestIds: number[], visits: Visit[]) {
    const res = await send('POST', '/api/admin/work-orders', { crewId, day, requestIds });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as { id: number; stops: { id: number; requestId: number }[] };
    for (const [i, [arrived, minutes, outcome]] of visits.entries()) {
      const stop = order.stops.find((s) => s.requestId === requestIds[i]) as { id: number };
      const arrivedAt = arrived ? `${day}T${arrived}:00.000Z` : null;
      const finishedAt =
        outcome && minutes !== null
          ? new Date(Date.parse(arrivedAt ?? `${day}T12:00:00.000Z`) + minutes * 60_000).toISOString()
          : outcome
            ? `${day}T18:00:00.000Z`
            : null;
      await ctx()
        .db.updateTable('workOrderStops')
        .set({ arrivedAt, finishedAt, outcome, reason: outcome === 'not_possible' ? 'no_access' : null })
        .where('id', '=', stop.id)
        .execute();
    }
    await ctx().db.updateTable('workOrders').set({ state: 'done' }).where('id', '=', order.id).execute();
    await ctx()
      .db.updateTable('workOrderStops')
      .set({ openRequestId: null })
      .where('workOrderId', '=', order.id)
      .execute();
  }
  const file = (company: number) => fileValidRequest(ctx().app, { company: String(company) });

  it('sets up two crews of two companies and three days of work', async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    operatorA = await signedIn(ctx(), { role: 'user', companyIds: [1] });
    operatorB = await signedIn(ctx(), { role: 'user', companyIds: [2] });
    north = (await send('POST', '/api/admin/crews', { companyId: 1, name: 'Equipe Norte' })).json();
    south = (await send('POST', '/api/admin/crews', { companyId: 2, name: 'Equipe Sul' })).json();
    const [a, b, c, d, e, f] = [
      await file(1),
      await file(1),
      await file(1),
      await file(1),
      await file(1),
      await file(1),
    ];
    // Day 1: 10, 20, 5 (not possible: c) and 40 minutes: median (10 + 20) / 2 = 15.
    await workDay(
      north.id,
      '2026-11-02',
      [a, b, c, d],
      [
        ['08:00', 10, 'fixed'],
        ['09:00', 20, 'fixed'],
        ['10:00', 5, 'not_possible'],
        ['11:00', 40, 'fixed'],
      ],
    );
    // Day 2: c fixed on the second visit (7 min), e fixed in 2 min, f never reached.
    await workDay(
      north.id,
      '2026-11-03',
      [c, e, f],
      [
        ['08:00', 7, 'fixed'],
        ['09:00', 2, 'fixed'],
        [null, null, null],
      ],
    );
    await workDay(south.id, '2026-11-02', [await file(2)], [['08:00', 60, 'fixed']]);
  });

  it('counts per crew and day, fixed at the first visit, and the median minutes on site', async () => {
    const res = await get(operatorA, '/api/admin/work-orders/report?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    const name = { crewId: north.id, crewName: 'Equipe Norte', companyName: north.companyName };
    expect(report.rows).toEqual([
      { day: '2026-11-02', ...name, stops: 4, fixed: 3, fixedFirstVisit: 3, notPossible: 1, medianMinutes: 15 },
      // 2 and 7 minutes: 4.5; c was not fixed at its first visit.
      { day: '2026-11-03', ...name, stops: 3, fixed: 2, fixedFirstVisit: 1, notPossible: 0, medianMinutes: 4.5 },
    ]);
    // Over the period: 2, 5, 7, 10, 20, 40 minutes: (7 + 10) / 2 = 8.5.
    expect(report.crews).toEqual([
      { ...name, stops: 7, fixed: 5, fixedFirstVisit: 4, notPossible: 1, medianMinutes: 8.5 },
    ]);
    expect(report.totals).toEqual({ stops: 7, fixed: 5, fixedFirstVisit: 4, notPossible: 1, medianMinutes: 8.5 });
    expect(report).toMatchObject({ rowCount: 2, page: 1, pageSize: 200, from: '2026-11-01', to: '2026-11-30' });
  });

  it('keeps each company to itself, and filters by company and crew', async () => {
    const b = (await get(operatorB, '/api/admin/work-orders/report?from=2026-11-01&to=2026-11-30')).json();
    expect(b.rows.map((r: { crewId: number }) => r.crewId)).toEqual([south.id]);
    expect(b.totals).toEqual({ stops: 1, fixed: 1, fixedFirstVisit: 1, notPossible: 0, medianMinutes: 60 });
    const foreign = (
      await get(operatorB, `/api/admin/work-orders/report?from=2026-11-01&to=2026-11-30&crewId=${north.id}`)
    ).json();
    expect(foreign.rows).toEqual([]);
    expect(foreign.totals).toEqual({ stops: 0, fixed: 0, fixedFirstVisit: 0, notPossible: 0, medianMinutes: null });
    const all = (await get(admin, '/api/admin/work-orders/report?from=2026-11-01&to=2026-11-30')).json();
    // 2, 5, 7, 10, 20, 40, 60: the fourth.
    expect(all.totals).toMatchObject({ stops: 8, fixed: 6, medianMinutes: 10 });
    const one = (await get(admin, '/api/admin/work-orders/report?from=2026-11-03&to=2026-11-03&companyId=1')).json();
    expect(one.rows).toHaveLength(1);
    expect(one.totals.medianMinutes).toBe(4.5);
  });

  it('refuses a period over 366 days or upside down with a clear 400 in the reader’s language', async () => {
    const url = (from: string, to: string) => `/api/admin/work-orders/report?from=${from}&to=${to}`;
    const long = await get(admin, url('2025-01-01', '2026-01-02'), 'en');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Choose a period of at most 366 days');
    const pt = await get(admin, url('2025-01-01', '2026-01-02'));
    expect(pt.json().message).toBe('Escolha um período de no máximo 366 dias');
    const reversed = await get(admin, url('2026-11-03', '2026-11-02'), 'en');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.to).toBe('The last day cannot come before the first');
    expect((await get(admin, url('2025-01-01', '2026-01-01'))).statusCode).toBe(200);
    expect((await get(admin, `${url('2025-01-01', '2026-01-02').replace('report?', 'report.csv?')}`)).statusCode).toBe(
      400,
    );
  });

  it('exports CSV for spreadsheets in the reader’s language, audited', async () => {
    const before = (await auditRows(ctx())).length;
    const res = await get(operatorA, '/api/admin/work-orders/report.csv?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="relatorio-equipes-2026-11-01-2026-11-30.csv"',
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFDia;Equipe;Empresa;Paradas;Consertadas;Consertadas na 1ª visita;Sem condições;Mediana no local (min)',
    );
    expect(lines.slice(1)).toEqual([
      `02/11/2026;Equipe Norte;${north.companyName};4;3;3;1;15,0`,
      `03/11/2026;Equipe Norte;${north.companyName};3;2;1;0;4,5`,
      'Total;;;7;5;4;1;8,5',
      '',
    ]);
    const rows = await auditRows(ctx());
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toMatchObject({ kind: 'report.export', objectType: 'report', objectId: 'crews' });
    const en = await get(operatorB, '/api/admin/work-orders/report.csv?from=2026-11-01&to=2026-11-30', 'en');
    expect(en.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFDay;Crew;Company;Stops;Fixed;Fixed at first visit;Not possible;Median on site (min)',
      `2026-11-02;Equipe Sul;${south.companyName};1;1;1;0;60.0`,
    ]);
  });

  it('exports a PDF in the reader’s language, audited', async () => {
    const res = await get(operatorA, '/api/admin/work-orders/report.pdf?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Relatório das equipes');
    expect(text).toContain('Período: 01/11/2026 a 30/11/2026');
    expect(text).toContain('Equipe Norte');
    expect(text).toContain('03/11/2026');
    expect(text).not.toContain('Equipe Sul');
    const en = await get(admin, '/api/admin/work-orders/report.pdf?from=2026-11-01&to=2026-11-30', 'en');
    const english = await pdfText(en.rawPayload);
    expect(english).toContain('Crew report');
    expect(english).toContain('Equipe Sul');
    expect((await auditRows(ctx())).filter((row) => row.objectId === 'crews')).toHaveLength(4);
  });
});
