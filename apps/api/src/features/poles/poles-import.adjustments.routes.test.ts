import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';

// Issue 38: the preview lists each value the import stores otherwise than the file writes it,
// and the import then stores exactly those values.
describeEachEngine('operators: the pole import preview lists every adjustment it makes', (ctx) => {
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
  });

  const send = (
    path: 'import' | 'import/preview',
    payload: string,
    {
      companyId = 1,
      type = 'text/csv',
      language = 'pt',
    }: { companyId?: number; type?: string; language?: string } = {},
  ) =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/admin/poles/${path}?companyId=${companyId}`,
      payload,
      headers: { ...admin.headers, 'content-type': type, 'accept-language': language },
    });
  const polesOf = (companyId: number) =>
    ctx().db.selectFrom('poles').selectAll().where('companyId', '=', companyId).orderBy('number').execute();

  type Adjustment = { row: number; field: string; given: string; stored: string; reasons: string[] };
  /** Each adjustment's `stored` is what the registry holds after the import, field by field. */
  async function expectStoredAsShown(
    companyId: number,
    adjustments: Adjustment[],
    numberOfRow: Record<number, string>,
    columnOf: Record<string, 'number' | 'latitude' | 'longitude' | 'street' | 'description'>,
  ) {
    const byNumber = new Map((await polesOf(companyId)).map((pole) => [pole.number, pole]));
    for (const adjustment of adjustments) {
      const pole = byNumber.get(numberOfRow[adjustment.row] as string);
      expect(pole, `row ${adjustment.row}`).toBeDefined();
      if (adjustment.field === 'geometry') {
        expect(JSON.stringify([pole?.longitude, pole?.latitude])).toBe(adjustment.stored);
        continue;
      }
      const column = columnOf[adjustment.field];
      expect(column, adjustment.field).toBeDefined();
      expect(String(pole?.[column as 'number'] ?? ''), `row ${adjustment.row} ${adjustment.field}`).toBe(
        adjustment.stored,
      );
    }
  }

  it('lists a CSV’s number (`x 9` → `X-9`), spaces, case and decimal commas, and imports them so', async () => {
    const csv = [
      'Número;Latitude;Longitude;Rua;Descrição;Ativo',
      'x 9;-30,0346;-51.2177;  Rua dos Andradas ;Esquina;sim',
      '  P-10\t;-30.0350;-51,2180;Av. Borges;   ;não',
      'p.11;-30.0360;-51.2190;;;1',
      'Q-12;-30.0370;-51.2200;Rua Sete;Poste novo;',
      'a  b   c;-30.1;-51.1;;;',
    ].join('\r\n');
    const res = await send('import/preview', csv);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ rows: 5, created: 5, errorCount: 0, adjustmentCount: 8 });
    const number = 'Letras em maiúsculas. Espaços internos trocados por um hífen.';
    const comma = 'Vírgula decimal lida como ponto.';
    const trimmed = 'Espaços antes ou depois do valor removidos.';
    expect(preview.adjustments).toEqual([
      {
        row: 2,
        field: 'Número',
        given: 'x 9',
        stored: 'X-9',
        reasons: ['upperCase', 'spacesToHyphen'],
        message: number,
      },
      { row: 2, field: 'Latitude', given: '-30,0346', stored: '-30.0346', reasons: ['decimalComma'], message: comma },
      {
        row: 2,
        field: 'Rua',
        given: '  Rua dos Andradas ',
        stored: 'Rua dos Andradas',
        reasons: ['trimmed'],
        message: trimmed,
      },
      { row: 3, field: 'Número', given: '  P-10\t', stored: 'P-10', reasons: ['trimmed'], message: trimmed },
      { row: 3, field: 'Longitude', given: '-51,2180', stored: '-51.218', reasons: ['decimalComma'], message: comma },
      { row: 3, field: 'Descrição', given: '   ', stored: '', reasons: ['trimmed'], message: trimmed },
      {
        row: 4,
        field: 'Número',
        given: 'p.11',
        stored: 'P.11',
        reasons: ['upperCase'],
        message: 'Letras em maiúsculas.',
      },
      {
        row: 6,
        field: 'Número',
        given: 'a  b   c',
        stored: 'A-B-C',
        reasons: ['upperCase', 'spacesToHyphen'],
        message: number,
      },
    ]);

    const en = (await send('import/preview', csv, { language: 'en' })).json();
    expect(en.adjustments.map((a: { message: string }) => a.message).slice(0, 3)).toEqual([
      'Letters in upper case. Inner spaces replaced by one hyphen.',
      'Decimal comma read as a point.',
      'Spaces before or after the value removed.',
    ]);

    const imported = await send('import', csv);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await polesOf(1)).map((p) => [p.number, p.latitude, p.longitude, p.street, p.description])).toEqual([
      ['A-B-C', -30.1, -51.1, null, null],
      ['P-10', -30.035, -51.218, 'Av. Borges', null],
      ['P.11', -30.036, -51.219, null, null],
      ['Q-12', -30.037, -51.22, 'Rua Sete', 'Poste novo'],
      ['X-9', -30.0346, -51.2177, 'Rua dos Andradas', 'Esquina'],
    ]);
    await expectStoredAsShown(
      1,
      preview.adjustments,
      { 2: 'X-9', 3: 'P-10', 4: 'P.11', 5: 'Q-12', 6: 'A-B-C' },
      { Número: 'number', Latitude: 'latitude', Longitude: 'longitude', Rua: 'street', Descrição: 'description' },
    );
    // The same file again: nothing to write, and still the same adjustments listed.
    const again = (await send('import/preview', csv)).json();
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 5, adjustmentCount: 8 });
    expect(again.adjustments).toEqual(preview.adjustments);
  });

  it('lists a GeoJSON’s number and street spaces and a dropped altitude, and imports them so', async () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-51.1, -29.9, 12.5] },
          properties: { numero: ' g 1 ', rua: 'Rua A ', descricao: 'ok' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-51.2, -29.8] },
          properties: { numero: 102, street: null, active: false },
        },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-51.3, -29.7] }, properties: { Number: 'G-3' } },
      ],
    };
    const body = JSON.stringify(geojson);
    const res = await send('import/preview', body, { companyId: 2, type: 'application/geo+json', language: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ format: 'geojson', rows: 3, errorCount: 0, adjustmentCount: 3 });
    expect(preview.adjustments).toEqual([
      {
        row: 1,
        field: 'numero',
        given: ' g 1 ',
        stored: 'G-1',
        reasons: ['trimmed', 'upperCase', 'spacesToHyphen'],
        message:
          'Spaces before or after the value removed. Letters in upper case. Inner spaces replaced by one hyphen.',
      },
      {
        row: 1,
        field: 'rua',
        given: 'Rua A ',
        stored: 'Rua A',
        reasons: ['trimmed'],
        message: 'Spaces before or after the value removed.',
      },
      {
        row: 1,
        field: 'geometry',
        given: '[-51.1,-29.9,12.5]',
        stored: '[-51.1,-29.9]',
        reasons: ['altitudeDropped'],
        message: 'Only longitude and latitude are stored; the altitude is left out.',
      },
    ]);
    const imported = await send('import', body, { companyId: 2, type: 'application/geo+json' });
    expect(imported.statusCode, imported.body).toBe(200);
    await expectStoredAsShown(2, preview.adjustments, { 1: 'G-1' }, { numero: 'number', rua: 'street' });
    expect((await polesOf(2)).map((p) => p.number)).toEqual(['102', 'G-1', 'G-3']);
  });

  it('lists nothing for files that need no adjustment', async () => {
    const csv = ['numero,lat,lon,rua', 'N-1,-30.1,-51.1,Rua A', 'N-2,-30.2,-51.2,', 'N-3,-30.3,-51.3,"Rua  São\nJoão"'];
    const res = await send('import/preview', csv.join('\n'), { companyId: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 3, errorCount: 0, adjustmentCount: 0, adjustments: [] });
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-51.1, -29.9] }, properties: { numero: 7 } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-51.2, -29.8] }, properties: { numero: 'N-8' } },
      ],
    });
    const json = await send('import/preview', geojson, { companyId: 3, type: 'application/geo+json' });
    expect(json.json()).toMatchObject({ rows: 2, errorCount: 0, adjustmentCount: 0, adjustments: [] });
  });

  it('leaves out the rows that are not stored (errors, a number given twice)', async () => {
    const csv = ['numero;lat;lon', 'A-1;-30.1;-51.1', 'a 1;-30.2;-51.2', 'b 2;-95;-51.1', 'c 3;-30,5;-51.3'];
    const res = await send('import/preview', csv.join('\n'), { companyId: 3 });
    expect(res.json()).toMatchObject({ rows: 4, errorCount: 2, adjustmentCount: 2 });
    expect(res.json().adjustments.map((a: Adjustment) => [a.row, a.field, a.stored])).toEqual([
      [5, 'numero', 'C-3'],
      [5, 'lat', '-30.5'],
    ]);
  });

  it('lists at most 100 adjustments, in file order, with the total', async () => {
    const lines = ['numero,lat,lon'];
    for (let i = 0; i < 250; i++) lines.push(`x ${i},-30.1,-51.1`);
    const res = await send('import/preview', lines.join('\n'), { companyId: 3 });
    expect(res.json()).toMatchObject({ rows: 250, errorCount: 0, adjustmentCount: 250 });
    const listed = res.json().adjustments as Adjustment[];
    expect(listed).toHaveLength(100);
    expect([listed[0], listed[99]].map((a) => [a?.row, a?.given, a?.stored])).toEqual([
      [2, 'x 0', 'X-0'],
      [101, 'x 99', 'X-99'],
    ]);
  });
});
