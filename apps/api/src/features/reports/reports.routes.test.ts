import type { ProblemType, RequestStatus } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, expect } from 'vitest';
import { createAccount, signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';

const HOUR = 3600 * 1000;

interface Fixture {
  key: string;
  companyId: number;
  problemType: string;
  status: string;
  createdAt: string;
  address: string;
  city: string | null;
  district: string | null;
  phone?: string;
  /** The pole number as filed (issue 21). */
  pole?: string;
  assignee?: boolean;
  /** Hours after creation of each "completed" event (the last one counts). */
  completedAfterHours?: number[];
}

// Hand-computed: completed durations 10 h, 20 h, 40 h, 100 h → median 30 h (108000 s),
// p90 = 40 + 0.7 × 60 = 82 h (295200 s). #6 is created at 23:30 on 6 March in São Paulo.
const FIXTURES: Fixture[] = [
  {
    key: 'r1',
    companyId: 1,
    problemType: 'LIGHT_OUT',
    status: 'open',
    createdAt: '2026-03-02T15:00:00.000Z',
    address: 'Rua A, 10',
    city: 'Porto Alegre',
    district: 'Centro',
  },
  {
    key: 'r2',
    pole: 'CE-100',
    companyId: 1,
    problemType: 'NO_LAMP',
    status: 'completed',
    createdAt: '2026-03-03T15:00:00.000Z',
    address: 'Rua B, 20',
    city: 'Porto Alegre',
    district: 'Centro',
    assignee: true,
    completedAfterHours: [5, 10],
  },
  {
    key: 'r3',
    companyId: 2,
    problemType: 'FALLEN_POLE',
    status: 'completed',
    createdAt: '2026-03-04T15:00:00.000Z',
    address: 'Av. "Brasil"; 200',
    city: 'Porto Alegre',
    district: 'Moinhos',
    completedAfterHours: [20],
  },
  {
    key: 'r4',
    pole: 'CE-100',
    companyId: 2,
    problemType: 'POLE_DAMAGE',
    status: 'in_progress',
    createdAt: '2026-03-05T15:00:00.000Z',
    address: 'Rua Ç, 40',
    city: 'Porto Alegre',
    district: 'Moinhos',
    assignee: true,
    phone: '(51) 3333-7777',
  },
  {
    key: 'r5',
    companyId: 3,
    problemType: 'LIGHT_OUT',
    status: 'completed',
    createdAt: '2026-03-06T15:00:00.000Z',
    address: 'Estrada sem nome',
    city: null,
    district: null,
    completedAfterHours: [40],
  },
  {
    key: 'r6',
    companyId: 1,
    problemType: 'LIGHT_OUT',
    status: 'cancelled',
    createdAt: '2026-03-07T02:30:00.000Z',
    address: 'Rua F, 60',
    city: 'Porto Alegre',
    district: 'Centro',
  },
  {
    key: 'r7',
    pole: 'X-9',
    companyId: 3,
    problemType: 'NO_LAMP',
    status: 'completed',
    createdAt: '2026-03-08T15:00:00.000Z',
    address: '=cmd|calc',
    city: 'Canoas',
    district: 'Centro',
    completedAfterHours: [100],
  },
];

async function insertFixtures(ctx: TestContext, assigneeId: number): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const f of FIXTURES) {
    const row = await ctx.db
      .insertInto('repairRequests')
      .values({
        name: `Pessoa ${f.key}`,
        phone: f.phone ?? '(51) 99999-0000',
        address: f.address,
        problemType: f.problemType,
        latitude: String(-30 - Number(f.key.slice(1)) / 100),
        longitude: String(-51 - Number(f.key.slice(1)) / 100),
        companyId: f.companyId,
        status: f.status,
        assignedToId: f.assignee ? assigneeId : null,
        assignedTo: f.assignee ? 'Operadora Um' : null,
        trackingTokenHash: `hash-${f.key}`,
        city: f.city,
        district: f.district,
        poleNumber: f.pole ?? null,
        createdAt: f.createdAt,
        updatedAt: f.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[f.key] = row.id;
    const created = new Date(f.createdAt).getTime();
    for (const hours of f.completedAfterHours ?? []) {
      await ctx.db
        .insertInto('requestEvents')
        .values({
          requestId: row.id,
          kind: 'status',
          toStatus: 'completed',
          createdAt: new Date(created + hours * HOUR).toISOString(),
        })
        .execute();
    }
  }
  return ids;
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

async function pdfText(buffer: Buffer): Promise<{ pages: string[] }> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), useSystemFonts: false, disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return { pages };
}

describeEachEngine('reports', (ctx) => {
  let admin: TestAccount;
  let viewer: TestAccount;
  let scoped: TestAccount;
  let operatorId: number;
  let ids: Record<string, number>;
  const id = (key: string) => ids[key] as number;
  const idsOf = (...keys: string[]) => keys.map(id);

  beforeAll(async () => {
    const operator = await createAccount(ctx(), { role: 'user', name: 'Operadora Um' });
    operatorId = operator.id;
    ids = await insertFixtures(ctx(), operatorId);
    admin = await signedIn(ctx(), { role: 'admin' });
    viewer = await signedIn(ctx(), { role: 'viewer' });
    scoped = await signedIn(ctx(), { role: 'user', companyIds: [2] });
  });

  const get = (url: string, account: TestAccount = admin, language?: string) =>
    ctx().app.inject({
      url,
      headers: { ...account.headers, ...(language ? { 'accept-language': language } : {}) },
    });

  it('answers 401 without a session and serves every role, viewer included', async () => {
    const anonymous = await ctx().app.inject({ url: '/api/admin/reports/requests' });
    expect(anonymous.statusCode).toBe(401);
    const csv = await ctx().app.inject({ url: '/api/admin/reports/area.csv' });
    expect(csv.statusCode).toBe(401);
    expect((await get('/api/admin/reports/requests', viewer)).statusCode).toBe(200);
  });

  it('lists every request newest first with the summary, completion median and p90', async () => {
    const res = await get('/api/admin/reports/requests');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { id: number }) => r.id)).toEqual(idsOf('r7', 'r6', 'r5', 'r4', 'r3', 'r2', 'r1'));
    expect(body).toMatchObject({ page: 1, pageSize: 20, totalRows: 7 });
    expect(body.summary).toEqual({
      total: 7,
      byStatus: { open: 1, in_progress: 1, completed: 4, cancelled: 1 },
      byProblemType: { LIGHT_OUT: 3, NO_LAMP: 2, FALLEN_POLE: 1, POLE_DAMAGE: 1 },
      byCompany: [
        { companyId: 1, name: 'CEEE', count: 3 },
        { companyId: 2, name: 'Certel', count: 2 },
        { companyId: 3, name: 'RGE', count: 2 },
      ],
      completion: { count: 4, medianSeconds: 108_000, p90Seconds: 295_200 },
    });
    const now = ctx().clock.now().getTime();
    const byId = new Map(body.rows.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(id('r2'))).toMatchObject({
      status: 'completed',
      assigneeId: operatorId,
      assignee: 'Operadora Um',
      companyName: 'CEEE',
      city: 'Porto Alegre',
      district: 'Centro',
      completedAt: '2026-03-04T01:00:00.000Z',
      poleNumber: 'CE-100',
      days: 0,
    });
    expect(byId.get(id('r7'))).toMatchObject({ days: 4 });
    expect(byId.get(id('r6'))).toMatchObject({ days: null, completedAt: null });
    expect(byId.get(id('r1'))).toMatchObject({
      days: Math.floor((now - Date.parse('2026-03-02T15:00:00.000Z')) / 86_400_000),
      completedAt: null,
      assignee: null,
      poleNumber: null,
    });
  });

  const FILTERS: [string, string, string[]][] = [
    ['status', 'status=completed', ['r7', 'r5', 'r3', 'r2']],
    ['dates in the service time zone', 'startDate=2026-03-06&endDate=2026-03-06', ['r6', 'r5']],
    ['start date only (r6 is 6 March in São Paulo)', 'startDate=2026-03-07', ['r7']],
    ['end date only', 'endDate=2026-03-03', ['r2', 'r1']],
    ['search by address, any case', 'q=RUA%20b', ['r2']],
    ['search by phone', 'q=3333-7777', ['r4']],
    ['search escapes wildcards', 'q=%25', []],
    ['assignee', 'assigneeId=ASSIGNEE', ['r4', 'r2']],
    ['company', 'companyId=2', ['r4', 'r3']],
    ['problem type', 'problemType=LIGHT_OUT', ['r6', 'r5', 'r1']],
    ['area', `area=${encodeURIComponent('Porto Alegre|Centro')}`, ['r6', 'r2', 'r1']],
    ['unknown area', `area=${encodeURIComponent('|')}`, ['r5']],
    ['combined', 'status=completed&companyId=1', ['r2']],
    ['pole, normalised as filed', 'pole=ce%20100', ['r4', 'r2']],
    ['pole and company', 'pole=CE-100&companyId=2', ['r4']],
    ['pole, exactly (not a prefix)', 'pole=CE-10', []],
    ['blank values mean no filter', 'status=&q=&companyId=', ['r7', 'r6', 'r5', 'r4', 'r3', 'r2', 'r1']],
  ];

  it.each(FILTERS)('filters by %s on each report', async (_name, rawQuery, keys) => {
    const query = rawQuery.replace('ASSIGNEE', String(operatorId));
    const expected = idsOf(...keys);

    const requests = (await get(`/api/admin/reports/requests?${query}`)).json();
    expect(requests.rows.map((r: { id: number }) => r.id)).toEqual(expected);
    expect(requests.totalRows).toBe(expected.length);

    const map = (await get(`/api/admin/reports/location-map?${query}`)).json();
    expect(map.rows.map((r: { id: number }) => r.id)).toEqual(expected);
    expect(map.summary).toEqual(requests.summary);

    const area = (await get(`/api/admin/reports/area?${query}`)).json();
    expect(area.rows.reduce((sum: number, r: { total: number }) => sum + r.total, 0)).toBe(expected.length);
    expect(area.summary).toEqual(requests.summary);

    const csv = await get(`/api/admin/reports/requests.csv?${query}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(
      parseCsv(csv.body.slice(1))
        .slice(1)
        .map((r) => Number(r[0])),
    ).toEqual(expected);
  });

  it('has totals that add up on every report', async () => {
    const { summary } = (await get('/api/admin/reports/requests')).json();
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(sum(summary.byStatus)).toBe(summary.total);
    expect(sum(summary.byProblemType)).toBe(summary.total);
    expect(summary.byCompany.reduce((a: number, c: { count: number }) => a + c.count, 0)).toBe(summary.total);
    const area = (await get('/api/admin/reports/area')).json();
    for (const row of area.rows) expect(sum(row.byStatus)).toBe(row.total);
    expect(area.rows.reduce((a: number, r: { share: number }) => a + r.share, 0)).toBeCloseTo(1, 10);
  });

  it('groups the area report by neighbourhood and city, most unresolved (open or in progress) first, with medians', async () => {
    const res = await get('/api/admin/reports/area');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalRows).toBe(4);
    expect(body.rows).toEqual([
      {
        key: 'Porto Alegre|Centro',
        city: 'Porto Alegre',
        district: 'Centro',
        total: 3,
        byStatus: { open: 1, in_progress: 0, completed: 1, cancelled: 1 },
        share: 3 / 7,
        medianSeconds: 36_000,
      },
      {
        key: 'Porto Alegre|Moinhos',
        city: 'Porto Alegre',
        district: 'Moinhos',
        total: 2,
        byStatus: { open: 0, in_progress: 1, completed: 1, cancelled: 0 },
        share: 2 / 7,
        medianSeconds: 72_000,
      },
      {
        key: 'Canoas|Centro',
        city: 'Canoas',
        district: 'Centro',
        total: 1,
        byStatus: { open: 0, in_progress: 0, completed: 1, cancelled: 0 },
        share: 1 / 7,
        medianSeconds: 360_000,
      },
      {
        key: '|',
        city: null,
        district: null,
        total: 1,
        byStatus: { open: 0, in_progress: 0, completed: 1, cancelled: 0 },
        share: 1 / 7,
        medianSeconds: 144_000,
      },
    ]);
    const page2 = (await get('/api/admin/reports/area?page=2&pageSize=10')).json();
    expect(page2).toMatchObject({ page: 2, totalRows: 4, rows: [] });
  });

  it('gives the location map numeric points coloured by status', async () => {
    const body = (await get('/api/admin/reports/location-map?status=in_progress')).json();
    expect(body.rows).toEqual([
      {
        id: id('r4'),
        lat: -30.04,
        lon: -51.04,
        status: 'in_progress',
        problemType: 'POLE_DAMAGE',
        address: 'Rua Ç, 40',
      },
    ]);
    expect(body.pageSize).toBe(5000);
  });

  it('pages the requests report', async () => {
    const first = (await get('/api/admin/reports/requests?pageSize=10&page=1')).json();
    expect(first.rows).toHaveLength(7);
    const beyond = (await get('/api/admin/reports/requests?pageSize=10&page=2')).json();
    expect(beyond).toMatchObject({ page: 2, pageSize: 10, totalRows: 7, rows: [] });
  });

  it('keeps a company-scoped account to its companies in every report and export', async () => {
    const own = idsOf('r4', 'r3');
    const requests = (await get('/api/admin/reports/requests', scoped)).json();
    expect(requests.rows.map((r: { id: number }) => r.id)).toEqual(own);
    expect(requests.summary.total).toBe(2);
    expect(requests.summary.byCompany).toEqual([{ companyId: 2, name: 'Certel', count: 2 }]);
    const outside = (await get('/api/admin/reports/requests?companyId=1', scoped)).json();
    expect(outside.rows).toEqual([]);
    const area = (await get('/api/admin/reports/area', scoped)).json();
    expect(area.rows.map((r: { key: string }) => r.key)).toEqual(['Porto Alegre|Moinhos']);
    const map = (await get('/api/admin/reports/location-map', scoped)).json();
    expect(map.rows.map((r: { id: number }) => r.id)).toEqual(own);

    for (const kind of ['requests', 'location-map']) {
      const csv = await get(`/api/admin/reports/${kind}.csv`, scoped);
      expect(csv.statusCode).toBe(200);
      expect(
        parseCsv(csv.body.slice(1))
          .slice(1)
          .map((r) => Number(r[0])),
      ).toEqual(own);
    }
    const areaCsv = parseCsv((await get('/api/admin/reports/area.csv', scoped)).body.slice(1));
    expect(areaCsv.slice(1).map((r) => r[0])).toEqual(['Moinhos']);
    const pdf = await pdfText((await get('/api/admin/reports/requests.pdf', scoped)).rawPayload);
    const text = pdf.pages.join(' ');
    expect(text).toContain('Rua Ç, 40');
    expect(text).not.toContain('Rua A, 10');
    expect(text).not.toContain('Estrada sem nome');

    const options = (await get('/api/admin/reports/options', scoped)).json();
    expect(options.companies).toEqual([{ id: 2, name: 'Certel' }]);
    expect(options.areas).toEqual([{ key: 'Porto Alegre|Moinhos', city: 'Porto Alegre', district: 'Moinhos' }]);
  });

  it('names no company or account outside a scoped reader in the filter options or the PDF filter lines', async () => {
    const elsewhere = await createAccount(ctx(), { role: 'user', name: 'Zélia Só CEEE', companyIds: [1] });
    const elsewhereViewer = await createAccount(ctx(), { role: 'viewer', name: 'Yara Só RGE', companyIds: [3] });
    const colleague = await createAccount(ctx(), { role: 'user', name: 'Wagner Certel', companyIds: [2] });
    const both = await createAccount(ctx(), { role: 'user', name: 'Vera CEEE e Certel', companyIds: [1, 2] });
    const chief = await createAccount(ctx(), { role: 'admin', name: 'Ugo Administrador' });

    const scopedOptions = (await get('/api/admin/reports/options', scoped)).json();
    expect(scopedOptions.companies).toEqual([{ id: 2, name: 'Certel' }]);
    const names = scopedOptions.assignees.map((a: { name: string }) => a.name);
    expect(names).not.toContain('Zélia Só CEEE');
    expect(names).not.toContain('Yara Só RGE');
    // Those who work on the reader's company: linked to it, or to every company (admins, no links).
    expect(names).toEqual(expect.arrayContaining(['Wagner Certel', 'Vera CEEE e Certel', 'Ugo Administrador']));
    expect(names).toContain('Operadora Um');
    const adminNames = (await get('/api/admin/reports/options')).json().assignees.map((a: { name: string }) => a.name);
    expect(adminNames).toEqual(expect.arrayContaining(['Zélia Só CEEE', 'Yara Só RGE', 'Wagner Certel']));

    for (const kind of ['requests', 'area', 'location-map']) {
      const outside = await get(`/api/admin/reports/${kind}.pdf?companyId=1&assigneeId=${elsewhere.id}`, scoped, 'en');
      expect(outside.statusCode).toBe(200);
      const text = (await pdfText(outside.rawPayload)).pages.join(' ');
      expect(text).toContain('Energy company: #1');
      expect(text).toContain(`User: #${elsewhere.id}`);
      expect(text).not.toContain('CEEE');
      expect(text).not.toContain('Zélia');
      const viewerFilter = (
        await pdfText(
          (
            await get(`/api/admin/reports/${kind}.pdf?companyId=3&assigneeId=${elsewhereViewer.id}`, scoped)
          ).rawPayload,
        )
      ).pages.join(' ');
      expect(viewerFilter).toContain('Concessionária: #3');
      expect(viewerFilter).not.toContain('RGE');
      expect(viewerFilter).not.toContain('Yara');
    }
    // Inside the scope the names stay.
    const inside = (
      await pdfText(
        (
          await get(`/api/admin/reports/requests.pdf?companyId=2&assigneeId=${colleague.id}`, scoped, 'en')
        ).rawPayload,
      )
    ).pages.join(' ');
    expect(inside).toContain('Energy company: Certel');
    expect(inside).toContain('User: Wagner Certel');
    const chiefFilter = (
      await pdfText((await get(`/api/admin/reports/requests.pdf?assigneeId=${chief.id}`, scoped, 'en')).rawPayload)
    ).pages.join(' ');
    expect(chiefFilter).toContain('User: Ugo Administrador');
    // An admin sees every name.
    const adminPdf = (
      await pdfText(
        (
          await get(`/api/admin/reports/requests.pdf?companyId=1&assigneeId=${both.id}`, admin, 'en')
        ).rawPayload,
      )
    ).pages.join(' ');
    expect(adminPdf).toContain('Energy company: CEEE');
    expect(adminPdf).toContain('User: Vera CEEE e Certel');
  });

  it('exports CSV for pt-BR spreadsheets that parses back to the JSON rows', async () => {
    const json = (await get('/api/admin/reports/requests')).json();
    const res = await get('/api/admin/reports/requests.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="relatorio-solicitacoes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body).toContain('\r\n');
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Número',
      'Data',
      'Status',
      'Tipo de problema',
      'Endereço',
      'Poste',
      'Bairro',
      'Cidade',
      'Concessionária',
      'Responsável',
      'Dias em aberto',
      'Dias até a conclusão',
    ]);
    expect(rows).toHaveLength(json.rows.length);
    json.rows.forEach((r: Record<string, unknown>, i: number) => {
      const cells = rows[i] as string[];
      const address = String(r.address);
      expect(cells).toEqual([
        String(r.id),
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
        translate('pt', `common.status.${r.status as RequestStatus}`),
        translate('pt', `common.problemType.${r.problemType as ProblemType}`),
        /^[=+\-@]/.test(address) ? `'${address}` : address,
        r.poleNumber ?? '',
        r.district ?? '',
        r.city ?? '',
        r.companyName,
        r.assignee ?? '',
        r.days !== null && r.status !== 'completed' ? String(r.days) : '',
        r.days !== null && r.status === 'completed' ? String(r.days) : '',
      ]);
    });
    const r6 = rows.find((cells) => cells[0] === String(id('r6')));
    expect(r6?.[1]).toBe('06/03/2026 23:30');

    const en = await get('/api/admin/reports/requests.csv', admin, 'en');
    const [enHeader, ...enRows] = parseCsv(en.body.slice(1));
    expect(enHeader?.[0]).toBe('Number');
    expect(enRows.find((c) => c[0] === String(id('r6')))?.slice(1, 3)).toEqual(['2026-03-06 23:30', 'Cancelled']);
    expect(en.headers['content-disposition']).toContain('requests-report-');
  });

  it('exports the area and location-map CSV with decimal commas in Portuguese', async () => {
    const area = parseCsv((await get('/api/admin/reports/area.csv')).body.slice(1));
    expect(area[0]).toEqual([
      'Bairro',
      'Cidade',
      'Total',
      'Abertas',
      'Em andamento',
      'Concluídas',
      'Canceladas',
      'Participação (%)',
      'Tempo mediano até a conclusão (dias)',
    ]);
    expect(area[1]).toEqual(['Centro', 'Porto Alegre', '3', '1', '0', '1', '1', '42,9', '0,42']);
    expect(area[4]).toEqual(['', '', '1', '0', '0', '1', '0', '14,3', '1,67']);
    const map = parseCsv((await get('/api/admin/reports/location-map.csv?status=in_progress')).body.slice(1));
    expect(map).toEqual([
      ['Número', 'Status', 'Tipo de problema', 'Endereço', 'Latitude', 'Longitude'],
      [String(id('r4')), 'Em andamento', 'Poste danificado', 'Rua Ç, 40', '-30,040000', '-51,040000'],
    ]);
  });

  it('exports a PDF with the title, the filters, the summary and the first and last rows', async () => {
    const res = await get('/api/admin/reports/requests.pdf?status=completed&startDate=2026-03-01', admin, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="requests-report-.*\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages } = await pdfText(res.rawPayload);
    const text = pages.join(' ');
    expect(text).toContain('Requests report');
    expect(text).toContain('Status: Completed');
    expect(text).toContain('Start date: 2026-03-01');
    expect(text).toContain('Total requests: 4');
    expect(text).toContain('Median 30.0 h');
    expect(text).toContain('90th percentile 3.4 d');
    expect(text).toContain('Generated at');
    expect(text).toContain("'=cmd|calc".slice(1));
    expect(text.indexOf(`${id('r7')} `)).toBeLessThan(text.indexOf('Rua B, 20'));
    expect(text).toContain('Rua B, 20');
    expect(text).not.toContain('Rua A, 10');
    // The pole column: its heading, and r2's pole (the other completed requests have none).
    expect(text).toMatch(/Address\s+Pole\s+Area/);
    expect(text).toContain('CE-100');
  });

  it('exports the pole filter and the pole column of the requests report to PDF, in both languages', async () => {
    const en = (
      await pdfText((await get('/api/admin/reports/requests.pdf?pole=ce%20100', admin, 'en')).rawPayload)
    ).pages.join(' ');
    expect(en).toContain('Pole: CE-100');
    expect(en).toContain('Total requests: 2');
    expect(en).toContain('Rua Ç, 40');
    expect(en).not.toContain('Rua A, 10');
    const pt = (await pdfText((await get('/api/admin/reports/requests.pdf?pole=X-9')).rawPayload)).pages.join(' ');
    expect(pt).toContain('Poste: X-9');
    expect(pt).toMatch(/Endereço\s+Poste\s+Área/);
  });

  it('exports the area and location-map PDFs in Portuguese by default', async () => {
    const area = await pdfText((await get('/api/admin/reports/area.pdf')).rawPayload);
    expect(area.pages[0]).toContain('Relatório por área');
    expect(area.pages[0]).toContain('Filtros aplicados');
    expect(area.pages[0]).toContain('Nenhum');
    expect(area.pages[0]).toContain('Centro, Porto Alegre');
    expect(area.pages[0]).toContain('Área desconhecida');
    const map = await pdfText((await get(`/api/admin/reports/location-map.pdf?companyId=2`)).rawPayload);
    const text = map.pages.join(' ');
    expect(text).toContain('Relatório de mapa de localização');
    expect(text).toContain('Concessionária: Certel');
    expect(text).toContain('Legenda');
    expect(text).toContain('Em andamento');
    expect(text).toContain('Av. "Brasil"; 200');
    expect(text).toContain('Rua Ç, 40');
  });

  it('refuses bad filters with a clear 400 in the reader language', async () => {
    const cases: [string, string, string, string][] = [
      ['startDate=2026-02-30', 'startDate', 'Informe uma data válida (AAAA-MM-DD)', 'Enter a valid date (YYYY-MM-DD)'],
      [
        'startDate=2026-03-05&endDate=2026-03-01',
        'endDate',
        'A data final deve ser igual ou posterior à data inicial',
        'The end date must be on or after the start date',
      ],
      ['status=done', 'status', 'Selecione um status válido', 'Select a valid status'],
      [
        'pageSize=7',
        'pageSize',
        'Escolha 10, 20, 50 ou 100 linhas por página',
        'Choose 10, 20, 50 or 100 rows per page',
      ],
      ['page=0', 'page', 'A página deve ser um número inteiro positivo', 'The page must be a positive whole number'],
      ['companyId=abc', 'companyId', 'Selecione uma concessionária válida', 'Select a valid energy company'],
      [
        'pole=A%23B',
        'pole',
        'Use de 1 a 32 letras, dígitos, pontos, hífens ou sublinhados no número do poste',
        'Use 1 to 32 letters, digits, dots, hyphens or underscores in the pole number',
      ],
    ];
    for (const [query, field, pt, en] of cases) {
      const resPt = await get(`/api/admin/reports/requests?${query}`);
      expect(resPt.statusCode, query).toBe(400);
      expect(resPt.json().errors[field], query).toBe(pt);
      const resEn = await get(`/api/admin/reports/requests?${query}`, admin, 'en');
      expect(resEn.statusCode, query).toBe(400);
      expect(resEn.json().errors[field], query).toBe(en);
    }
    for (const kind of ['requests', 'area', 'location-map']) {
      for (const format of ['pdf', 'csv']) {
        const bad = await get(`/api/admin/reports/${kind}.${format}?endDate=31/03/2026`, admin, 'en');
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({
          message: 'Enter a valid date (YYYY-MM-DD)',
          errors: { endDate: 'Enter a valid date (YYYY-MM-DD)' },
        });
      }
    }
    const tooMany = await get('/api/admin/reports/location-map?pageSize=5001');
    expect(tooMany.statusCode).toBe(400);
  });
});

describeEachEngine('reports over many pages', (ctx) => {
  let admin: TestAccount;
  beforeAll(async () => {
    const values = Array.from({ length: 130 }, (_, i) => {
      const at = new Date(Date.UTC(2026, 0, 1) + i * HOUR).toISOString();
      return {
        phone: '(51) 90000-0000',
        address: `Rua Longa, ${i + 1}`,
        problemType: 'LIGHT_OUT',
        latitude: String(-30 + i / 1000),
        longitude: String(-51 + i / 1000),
        companyId: 1 + (i % 3),
        status: 'open',
        trackingTokenHash: `h${i}`,
        createdAt: at,
        updatedAt: at,
      };
    });
    await ctx().db.insertInto('repairRequests').values(values).execute();
    admin = await signedIn(ctx(), { role: 'admin' });
  });

  it('pages JSON and writes every row to the CSV and a multi-page PDF with the header on each page', async () => {
    const headers = admin.headers;
    const page2 = (await ctx().app.inject({ url: '/api/admin/reports/requests?page=2&pageSize=50', headers })).json();
    expect(page2.rows).toHaveLength(50);
    expect(page2.rows[0].address).toBe('Rua Longa, 80');
    expect(page2.totalRows).toBe(130);

    const csv = await ctx().app.inject({ url: '/api/admin/reports/requests.csv', headers });
    const rows = parseCsv(csv.body.slice(1)).slice(1);
    expect(rows).toHaveLength(130);
    expect(new Set(rows.map((r) => r[0])).size).toBe(130);

    const pdf = await ctx().app.inject({ url: '/api/admin/reports/requests.pdf', headers });
    const { pages } = await pdfText(pdf.rawPayload);
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) expect(page).toContain('Endereço');
    expect(pages[0]).toContain('Rua Longa, 130');
    expect(pages.at(-1)).toContain('Rua Longa, 1 ');
    expect(pages.at(-1)).toContain(`Página ${pages.length}`);
  });
});
