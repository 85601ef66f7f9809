// The repair-deadline report (issue 23, decision 0029) on known rows: exact counts, shares,
// median and p90 per company and problem type, in JSON, CSV and PDF, both languages, within the
// reader's company scope and the report filters.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';

const HOUR = 3_600_000;
const FAR = '2099-01-01T00:00:00.000Z';

interface Fixture {
  companyId: number;
  problemType: string;
  status: 'open' | 'in_progress' | 'completed' | 'cancelled';
  /** Hours from filing to the due time; omitted: FAR (never overdue). */
  targetHours?: number;
  /** Hours from filing to completion (completed only). */
  repairHours?: number;
}

// CEEE (1), light out, target 24 h: repaired in 2, 4, 6, 10, 24 (at its due time: met), 30 h
// → 5 of 6 within target; median (6+10)/2 = 8 h; p90 at rank 4.5 = 24 + 0.5 × 6 = 27 h.
// One open and overdue, one in progress not yet due, one cancelled past its due time (not overdue).
// CEEE, no lamp, target 72 h: 48 and 96 h → 1 of 2; median 72 h; p90 = 48 + 0.9 × 48 = 91.2 h.
// Certel (2), fallen pole, target 6 h: 3 h → 1 of 1; one open overdue.
// RGE (3), no lamp: one open, not due → no repaired, no times, nothing overdue.
const FIXTURES: Fixture[] = [
  ...[2, 4, 6, 10, 24, 30].map((h) => ({
    companyId: 1,
    problemType: 'LIGHT_OUT',
    status: 'completed' as const,
    targetHours: 24,
    repairHours: h,
  })),
  { companyId: 1, problemType: 'LIGHT_OUT', status: 'open', targetHours: 24 },
  { companyId: 1, problemType: 'LIGHT_OUT', status: 'in_progress' },
  { companyId: 1, problemType: 'LIGHT_OUT', status: 'cancelled', targetHours: 24 },
  ...[48, 96].map((h) => ({
    companyId: 1,
    problemType: 'NO_LAMP',
    status: 'completed' as const,
    targetHours: 72,
    repairHours: h,
  })),
  { companyId: 2, problemType: 'FALLEN_POLE', status: 'completed', targetHours: 6, repairHours: 3 },
  { companyId: 2, problemType: 'FALLEN_POLE', status: 'open', targetHours: 6 },
  { companyId: 3, problemType: 'NO_LAMP', status: 'open' },
];

async function insertFixtures(ctx: TestContext) {
  let n = 0;
  for (const f of FIXTURES) {
    n++;
    const created = Date.parse('2026-03-02T12:00:00.000Z') + n * HOUR;
    const at = (hours: number) => new Date(created + hours * HOUR).toISOString();
    await ctx.db
      .insertInto('repairRequests')
      .values({
        name: `Pessoa ${n}`,
        phone: '(51) 99999-0000',
        address: `Rua ${n}, 10`,
        problemType: f.problemType,
        latitude: '-30.03',
        longitude: '-51.22',
        companyId: f.companyId,
        status: f.status,
        trackingTokenHash: `sla-hash-${n}`,
        createdAt: at(0),
        updatedAt: at(f.repairHours ?? 0),
        closedAt: f.repairHours !== undefined ? at(f.repairHours) : f.status === 'cancelled' ? at(1) : null,
        dueAt: f.targetHours === undefined ? FAR : at(f.targetHours),
      })
      .execute();
  }
}

async function pdfText(buffer: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), useSystemFonts: false, disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join(' ');
}

const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));

const CEEE_LIGHT_OUT = {
  companyId: 1,
  companyName: 'CEEE',
  problemType: 'LIGHT_OUT',
  repaired: 6,
  repairedWithinTarget: 5,
  withinTargetShare: 5 / 6,
  medianSeconds: 8 * 3600,
  p90Seconds: 27 * 3600,
  overdue: 1,
};
const CEEE_NO_LAMP = {
  companyId: 1,
  companyName: 'CEEE',
  problemType: 'NO_LAMP',
  repaired: 2,
  repairedWithinTarget: 1,
  withinTargetShare: 0.5,
  medianSeconds: 72 * 3600,
  p90Seconds: 328_320,
  overdue: 0,
};
const CERTEL_FALLEN_POLE = {
  companyId: 2,
  companyName: 'Certel',
  problemType: 'FALLEN_POLE',
  repaired: 1,
  repairedWithinTarget: 1,
  withinTargetShare: 1,
  medianSeconds: 10_800,
  p90Seconds: 10_800,
  overdue: 1,
};
const RGE_NO_LAMP = {
  companyId: 3,
  companyName: 'RGE',
  problemType: 'NO_LAMP',
  repaired: 0,
  repairedWithinTarget: 0,
  withinTargetShare: null,
  medianSeconds: null,
  p90Seconds: null,
  overdue: 0,
};

describeEachEngine('repair-deadline (SLA) report', (ctx) => {
  let admin: TestAccount;
  let viewer: TestAccount;
  let scoped: TestAccount;

  beforeAll(async () => {
    await insertFixtures(ctx());
    admin = await signedIn(ctx(), { role: 'admin' });
    viewer = await signedIn(ctx(), { role: 'viewer' });
    scoped = await signedIn(ctx(), { role: 'user', companyIds: [2] });
  });

  const get = (url: string, account: TestAccount = admin, language?: string) =>
    ctx().app.inject({
      url,
      headers: { ...account.headers, ...(language ? { 'accept-language': language } : {}) },
    });

  it('gives per company and problem type the repaired, within target, share, median, p90 and overdue', async () => {
    const res = await get('/api/admin/reports/sla', viewer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, totalRows: 4 });
    expect(body.rows).toEqual([CEEE_LIGHT_OUT, CEEE_NO_LAMP, CERTEL_FALLEN_POLE, RGE_NO_LAMP]);
    expect(body.summary.total).toBe(FIXTURES.length);
  });

  it('keeps the report filters and a company-scoped reader to its companies', async () => {
    const byType = (await get('/api/admin/reports/sla?problemType=NO_LAMP')).json();
    expect(byType.rows).toEqual([CEEE_NO_LAMP, RGE_NO_LAMP]);
    const period = (await get('/api/admin/reports/sla?startDate=2026-03-10')).json();
    expect(period.rows).toEqual([]);
    const scopedRes = await get('/api/admin/reports/sla', scoped);
    expect(scopedRes.json().rows).toEqual([CERTEL_FALLEN_POLE]);
    const scopedCsv = csvRows((await get('/api/admin/reports/sla.csv', scoped, 'en')).body);
    expect(scopedCsv.map((r) => r[0])).toEqual(['Energy company', 'Certel']);
    const scopedPdf = await pdfText((await get('/api/admin/reports/sla.pdf', scoped)).rawPayload);
    expect(scopedPdf).toContain('Certel');
    expect(scopedPdf).not.toContain('CEEE');
    expect(scopedPdf).not.toContain('RGE');
    const outside = await get('/api/admin/reports/sla?companyId=1', scoped);
    expect(outside.json().rows).toEqual([]);
  });

  it('gives the same rows and summary from the repair-time indexes as from the plain pass over the table', async () => {
    // A search matching every request takes the plain pass (decision 0036); a period holding
    // them all and the unfiltered report take the indexes.
    const plain = (await get('/api/admin/reports/sla?q=Pessoa')).json();
    const indexed = (await get('/api/admin/reports/sla')).json();
    const period = (await get('/api/admin/reports/sla?startDate=2026-03-01&endDate=2026-03-05')).json();
    expect(plain.rows).toEqual([CEEE_LIGHT_OUT, CEEE_NO_LAMP, CERTEL_FALLEN_POLE, RGE_NO_LAMP]);
    for (const body of [indexed, period]) {
      expect(body.rows).toEqual(plain.rows);
      expect(body.summary).toEqual(plain.summary);
    }
    expect(plain.summary.completion).toEqual({ count: 9, medianSeconds: 10 * 3600, p90Seconds: 207_360 });
    const type = (await get('/api/admin/reports/sla?problemType=LIGHT_OUT')).json();
    expect(type.summary.byStatus).toEqual({ open: 1, in_progress: 1, completed: 6, cancelled: 1 });
    expect(type.summary.completion).toEqual({ count: 6, medianSeconds: 8 * 3600, p90Seconds: 27 * 3600 });
  });

  it('exports the CSV in Portuguese (decimal commas) and English with the same figures', async () => {
    const pt = await get('/api/admin/reports/sla.csv');
    expect(pt.statusCode).toBe(200);
    expect(pt.headers['content-disposition']).toMatch(/relatorio-prazos-de-reparo-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csvRows(pt.body)).toEqual([
      [
        'Concessionária',
        'Tipo de problema',
        'Reparadas',
        'Reparadas no prazo',
        'No prazo (%)',
        'Tempo mediano até o reparo (horas)',
        'Percentil 90 do tempo até o reparo (horas)',
        'Atrasadas agora',
      ],
      ['CEEE', 'Lâmpada apagada', '6', '5', '83,3', '8,00', '27,00', '1'],
      ['CEEE', 'Sem lâmpada', '2', '1', '50,0', '72,00', '91,20', '0'],
      ['Certel', 'Poste caído', '1', '1', '100,0', '3,00', '3,00', '1'],
      ['RGE', 'Sem lâmpada', '0', '0', '', '', '', '0'],
    ]);
    const en = csvRows((await get('/api/admin/reports/sla.csv', admin, 'en')).body);
    expect(en[0]?.[4]).toBe('Within target (%)');
    expect(en[1]).toEqual(['CEEE', 'Light Out', '6', '5', '83.3', '8.00', '27.00', '1']);
  });

  it('exports the PDF with the title and every figure, in Portuguese by default and in English', async () => {
    const res = await get('/api/admin/reports/sla.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pt = await pdfText(res.rawPayload);
    expect(pt).toContain('Prazos de reparo');
    for (const figure of ['83,3%', '8,0 h', '27,0 h', '50,0%', '3,0 d', '3,8 d', '100,0%', '3,0 h']) {
      expect(pt).toContain(figure);
    }
    const en = await pdfText((await get('/api/admin/reports/sla.pdf', admin, 'en')).rawPayload);
    expect(en).toContain('Repair deadlines');
    for (const figure of ['83.3%', '8.0 h', '27.0 h', 'Overdue now']) expect(en).toContain(figure);
  });

  it('refuses a bad filter with a 400 in the reader language and records each export in the audit log', async () => {
    const bad = await get('/api/admin/reports/sla.csv?problemType=NOPE', admin, 'en');
    expect(bad.statusCode).toBe(400);
    const badPt = await get('/api/admin/reports/sla?startDate=2026-02-30');
    expect(badPt.statusCode).toBe(400);
    const before = await ctx()
      .db.selectFrom('auditLog')
      .select('id')
      .where('objectType', '=', 'report')
      .where('objectId', '=', 'sla')
      .execute();
    await get('/api/admin/reports/sla.csv');
    const after = await ctx()
      .db.selectFrom('auditLog')
      .select(['kind', 'objectId'])
      .where('objectType', '=', 'report')
      .where('objectId', '=', 'sla')
      .execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ kind: 'report.export', objectId: 'sla' });
  });
});
