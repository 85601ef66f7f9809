import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';

describeEachEngine('operators: importing poles from CSV and GeoJSON', (ctx) => {
  let admin: TestAccount;
  let viewer: TestAccount;
  let ceeeUser: TestAccount;

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    viewer = await signedIn(ctx(), { role: 'viewer' });
    ceeeUser = await signedIn(ctx(), { role: 'user', companyIds: [1] });
  });

  const send = (
    path: 'import' | 'import/preview',
    payload: string | Buffer,
    {
      companyId = 2,
      type = 'text/csv',
      account = admin,
      language = 'pt',
      accept,
    }: { companyId?: number | string; type?: string; account?: TestAccount; language?: string; accept?: string } = {},
  ) =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/admin/poles/${path}?companyId=${companyId}`,
      payload,
      headers: {
        ...account.headers,
        'content-type': type,
        'accept-language': language,
        ...(accept ? { accept } : {}),
      },
    });
  const polesOf = (companyId: number) =>
    ctx().db.selectFrom('poles').selectAll().where('companyId', '=', companyId).orderBy('number').execute();
  const count = async () =>
    Number(
      (
        await ctx()
          .db.selectFrom('poles')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const goodCsv = [
    'numero;latitude;longitude;rua;descrição',
    'P-1;-30,0346;-51,2177;Rua dos Andradas;Esquina',
    'p 2;-30.0350;-51.2180;;',
    'P-3;-30.0360;-51.2190;Av. Borges;',
  ].join('\r\n');

  it('previews a semicolon CSV with decimal commas, writing nothing', async () => {
    const before = await count();
    const res = await send('import/preview', goodCsv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      format: 'csv',
      rows: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      errorCount: 0,
      errors: [],
      // Each value stored otherwise than written (poles-import.adjustments.routes.test.ts has them all).
      adjustmentCount: 3,
      adjustments: [
        {
          row: 2,
          field: 'latitude',
          given: '-30,0346',
          stored: '-30.0346',
          reasons: ['decimalComma'],
          message: 'Vírgula decimal lida como ponto.',
        },
        {
          row: 2,
          field: 'longitude',
          given: '-51,2177',
          stored: '-51.2177',
          reasons: ['decimalComma'],
          message: 'Vírgula decimal lida como ponto.',
        },
        {
          row: 3,
          field: 'numero',
          given: 'p 2',
          stored: 'P-2',
          reasons: ['upperCase', 'spacesToHyphen'],
          message: 'Letras em maiúsculas. Espaços internos trocados por um hífen.',
        },
      ],
    });
    expect(await count()).toBe(before);
  });

  it('imports a CSV, then a re-import updates by number (same ids) instead of duplicating', async () => {
    const res = await send('import', goodCsv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ format: 'csv', rows: 3, created: 3, updated: 0, unchanged: 0 });
    const first = await polesOf(2);
    expect(first.map((p) => [p.number, p.latitude, p.longitude, p.street, p.active])).toEqual([
      ['P-1', -30.0346, -51.2177, 'Rua dos Andradas', 1],
      ['P-2', -30.035, -51.218, null, 1],
      ['P-3', -30.036, -51.219, 'Av. Borges', 1],
    ]);

    // P-1 moves, P-2 is deactivated, P-3 is as it was, P-4 is new (comma-separated this time).
    const again = [
      'number,lat,lng,active',
      'P-1,-30.1,-51.3,',
      'P-2,-30.0350,-51.2180,não',
      'P-3,-30.0360,-51.2190,1',
      'P-4,-30.2,-51.4,sim',
    ].join('\n');
    const preview = await send('import/preview', again);
    expect(preview.json()).toMatchObject({ rows: 4, created: 1, updated: 2, unchanged: 1, errorCount: 0 });
    const res2 = await send('import', again);
    expect(res2.json()).toEqual({ format: 'csv', rows: 4, created: 1, updated: 2, unchanged: 1 });
    const second = await polesOf(2);
    expect(second).toHaveLength(4);
    const byNumber = new Map(second.map((p) => [p.number, p]));
    for (const pole of first) expect(byNumber.get(pole.number)?.id).toBe(pole.id);
    // A column the file leaves out (street) keeps what the registry had.
    expect(byNumber.get('P-1')).toMatchObject({
      latitude: -30.1,
      longitude: -51.3,
      street: 'Rua dos Andradas',
      active: 1,
    });
    expect(byNumber.get('P-2')?.active).toBe(0);
    // The map's counts by cell follow the moves and the deactivation (row triggers on SQLite,
    // one recount at the import's end on PostgreSQL).
    const expected = new Map<string, number>();
    for (const pole of second.filter((p) => p.active === 1)) {
      const key = `${Math.floor(pole.latitude * 100)},${Math.floor(pole.longitude * 100)}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const cells = await ctx()
      .db.selectFrom('poleCells')
      .select(['cellLat', 'cellLng', 'n'])
      .where('companyId', '=', 2)
      .where('n', '>', 0)
      .execute();
    expect(new Map(cells.map((c) => [`${c.cellLat},${c.cellLng}`, Number(c.n)]))).toEqual(expected);
    expect(byNumber.get('P-3')?.updatedAt).toBe(first[2]?.updatedAt);
  });

  it('lets two imports of one company run at once: both succeed, and the counts by cell add up', async () => {
    const now = new Date().toISOString();
    const company = await ctx()
      .db.insertInto('energyCompanies')
      .values({ name: 'Paralela', fullName: 'Paralela Energia', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 2,000 poles over a grid of 0.01° cells (many per-cell rows), in opposite orders: each
    // import updates the same poles and cells as the other, in the reverse order.
    const lines = Array.from(
      { length: 2000 },
      (_, i) => `C-${i},${(-30 - (i % 40) / 100).toFixed(4)},${(-51 - Math.floor(i / 40) / 100).toFixed(4)}`,
    );
    const forward = ['number,lat,lon', ...lines].join('\n');
    const backward = ['number,lat,lon', ...[...lines].reverse()].join('\n');
    const [a, b] = await Promise.all([
      send('import', forward, { companyId: company.id }),
      send('import', backward, { companyId: company.id }),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(await polesOf(company.id)).toHaveLength(2000);
    const cells = await ctx()
      .db.selectFrom('poleCells')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('companyId', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(Number(cells.n)).toBe(2000);
  });

  it('imports a GeoJSON FeatureCollection of points ([lon, lat]) for another company', async () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-51.1, -29.9] },
          properties: { numero: 101, rua: 'Rua A' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-51.2, -29.8] },
          properties: { Number: 'G-2', active: false },
        },
      ],
    };
    const res = await send('import', JSON.stringify(geojson), { companyId: 3, type: 'application/geo+json' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ format: 'geojson', rows: 2, created: 2, updated: 0, unchanged: 0 });
    expect((await polesOf(3)).map((p) => [p.number, p.latitude, p.longitude, p.street, p.active])).toEqual([
      ['101', -29.9, -51.1, 'Rua A', 1],
      ['G-2', -29.8, -51.2, null, 0],
    ]);
  });

  it('lists row errors in the reader language and refuses the import with 422, writing nothing', async () => {
    const bad = [
      'numero;latitude;longitude',
      'B-1;-30.1;-51.1',
      ';-30.1;-51.1',
      'B 3!;-30.1;-51.1',
      'B-4;-95;-51.1',
      'B-5;-30.1;abc',
      'b-1;-30.2;-51.2',
      'B-7;;-51.1',
    ].join('\n');
    const preview = await send('import/preview', bad, { companyId: 1 });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ rows: 7, created: 1, errorCount: 6 });
    expect(preview.json().errors).toEqual([
      { row: 3, field: 'numero', message: 'Falta o número do poste' },
      {
        row: 4,
        field: 'numero',
        message:
          'Número de poste inválido "B 3!": letras, algarismos, ponto, hífen ou sublinhado, no máximo 32 caracteres',
      },
      { row: 5, field: 'latitude', message: 'Latitude inválida "-95": um número entre -90 e 90' },
      { row: 6, field: 'longitude', message: 'Longitude inválida "abc": um número entre -180 e 180' },
      { row: 7, field: 'numero', message: 'O número B-1 aparece de novo (primeiro na linha 2)' },
      { row: 8, field: 'latitude', message: 'Falta a latitude' },
    ]);
    const en = await send('import/preview', bad, { companyId: 1, language: 'en' });
    expect(en.json().errors[4]).toEqual({
      row: 7,
      field: 'numero',
      message: 'The number B-1 appears again (first on line 2)',
    });

    const before = await count();
    const res = await send('import', bad, { companyId: 1, language: 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'The file has 6 errors; nothing was written', errorCount: 6 });
    expect(res.json().errors).toHaveLength(6);
    expect(await count()).toBe(before);
    expect(await polesOf(1)).toEqual([]);
  });

  it('reads an Excel (Windows-1252) CSV and counts lines across quoted line breaks', async () => {
    const text = [
      'Número;Latitude;Longitude;Logradouro;Descrição',
      'W-1;-30,1;-51,1;"Rua São João;\nesquina";"Poste ""novo"""',
      'W-2;-30,1;-51,x;;',
    ].join('\r\n');
    const res = await send('import/preview', Buffer.from(text, 'latin1'), { companyId: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, created: 1, errorCount: 1 });
    expect(res.json().errors).toEqual([
      { row: 4, field: 'Longitude', message: 'Longitude inválida "-51,x": um número entre -180 e 180' },
    ]);
    const fixed = text.replace('-51,x', '-51,2');
    expect((await send('import', Buffer.from(fixed, 'latin1'), { companyId: 1 })).statusCode).toBe(200);
    const [w1] = await polesOf(1);
    expect(w1).toMatchObject({ number: 'W-1', street: 'Rua São João;\nesquina', description: 'Poste "novo"' });
    await ctx().db.deleteFrom('poles').where('companyId', '=', 1).execute();
  });

  it('names the line of a UTF-8 file that has one bad byte instead of reading it all as Windows-1252', async () => {
    const text = 'Número;Latitude;Longitude;Logradouro\nU-1;-30,1;-51,1;Rua São João\nU-2;-30,1;-51,2;Rua Ipê @\n';
    const bytes = Buffer.from(text, 'utf8');
    bytes[bytes.lastIndexOf(0x40)] = 0xe9; // an é typed in Windows-1252 into a UTF-8 file
    const res = await send('import/preview', bytes, { companyId: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, created: 1, errorCount: 1 });
    expect(res.json().errors).toEqual([
      {
        row: 3,
        field: 'Logradouro',
        message: 'Tem caracteres que não são UTF-8 válido: salve o arquivo de novo como UTF-8 e confira esta linha',
      },
    ]);
    const good = await send('import/preview', Buffer.from(text.replace('@', 'x'), 'utf8'), { companyId: 1 });
    expect(good.json()).toMatchObject({ rows: 2, created: 2, errorCount: 0 });
  });

  it('lists at most 100 errors with the total', async () => {
    const lines = ['numero,lat,lon'];
    for (let i = 0; i < 250; i++) lines.push(`X-${i},200,0`);
    const res = await send('import/preview', lines.join('\n'));
    expect(res.json()).toMatchObject({ rows: 250, errorCount: 250 });
    expect(res.json().errors).toHaveLength(100);
  });

  it.each([
    [
      'wrong columns',
      'text/csv',
      'poste;y;x\nA;1;2',
      400,
      /Falta\(m\) a\(s\) coluna\(s\): numero, latitude, longitude.*Colunas encontradas: poste, y, x/,
    ],
    [
      'a repeated column',
      'text/csv',
      'numero,lat,latitude,lon\nA,1,1,2',
      400,
      /A coluna "latitude" aparece mais de uma vez/,
    ],
    ['an empty file', 'text/csv', '', 400, /O arquivo está vazio/],
    ['only a header', 'text/csv', 'numero;latitude;longitude\n', 400, /cabeçalho mas nenhum poste/],
    ['a broken quote', 'text/csv', 'numero,lat,lon\n"A,1,2\nB,"x"y,3', 400, /Não foi possível ler o arquivo como CSV/],
    ['2 MB of junk bytes', 'text/csv', randomBytes(2 * 1024 * 1024), 400, /O arquivo não é texto/],
    ['junk as GeoJSON', 'application/geo+json', randomBytes(2 * 1024 * 1024), 400, /O arquivo não é texto/],
    ['invalid JSON', 'application/json', '{"type": "FeatureCollection", ', 400, /não é um JSON válido/],
    [
      'a Feature, not a FeatureCollection',
      'application/geo+json',
      '{"type":"Feature","geometry":null}',
      400,
      /deve ser uma FeatureCollection/,
    ],
    ['a JSON list', 'application/json', '[1,2]', 400, /deve ser uma FeatureCollection/],
    [
      'no features',
      'application/geo+json',
      '{"type":"FeatureCollection","features":[]}',
      400,
      /não tem nenhuma feição/,
    ],
    ['a PDF', 'application/pdf', '%PDF-1.4', 415, /.+/],
  ])('refuses %s with a clear 4xx on both routes, writing nothing', async (_name, type, payload, status, message) => {
    const before = await count();
    for (const path of ['import/preview', 'import'] as const) {
      const res = await send(path, payload, { type });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message, res.body).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('reports GeoJSON features that are not points by their index', async () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-51.1, -29.9] }, properties: { numero: 'Q-1' } },
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
          properties: { numero: 'Q-2' },
        },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-51.1, -99] }, properties: { numero: 'Q-3' } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-51.1, -29] }, properties: { numero: 'q 1' } },
        'junk',
      ],
    };
    const res = await send('import/preview', JSON.stringify(geojson), { type: 'application/geo+json', language: 'en' });
    expect(res.json().errors).toEqual([
      { row: 2, field: 'geometry', message: 'The geometry must be a Point with coordinates [longitude, latitude]' },
      { row: 3, field: 'geometry', message: 'Invalid latitude "-99": a number between -90 and 90' },
      { row: 4, field: 'numero', message: 'The number Q-1 appears again (first in feature 1)' },
      { row: 5, field: 'type', message: 'Not a GeoJSON Feature' },
    ]);
  });

  it('refuses a body over the limit with 413 in the reader language', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/poles/import/preview?companyId=2',
      payload: Buffer.alloc(21 * 1024 * 1024, 'a'),
      headers: { ...admin.headers, 'content-type': 'text/csv', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 20 MB');
  });

  it('keeps company-linked accounts to their companies and refuses viewers', async () => {
    const csv = 'numero,lat,lon\nS-1,-30,-51';
    expect((await send('import/preview', csv, { account: viewer })).statusCode).toBe(403);
    expect((await send('import', csv, { account: viewer })).statusCode).toBe(403);
    const out = await send('import', csv, { account: ceeeUser, companyId: 2, language: 'en' });
    expect(out.statusCode).toBe(403);
    expect(out.json().message).toBe('Your account cannot import poles for this company');
    expect((await send('import', csv, { account: ceeeUser, companyId: 1 })).statusCode).toBe(200);
    expect((await polesOf(1)).map((p) => p.number)).toEqual(['S-1']);
    expect((await send('import', csv, { companyId: 999 })).statusCode).toBe(404);
    expect((await send('import', csv, { companyId: 'x' })).statusCode).toBe(400);
    const anonymous = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/poles/import?companyId=1',
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('streams writing progress as NDJSON, then the result', async () => {
    const lines = ['numero;latitude;longitude'];
    for (let i = 0; i < 4500; i++) lines.push(`N-${i};-30.${i};-51.${i}`);
    const res = await send('import', lines.join('\n'), { companyId: 1, accept: 'application/x-ndjson' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    const events = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const progress = events.filter((e) => 'phase' in e);
    expect(progress[0]).toEqual({ phase: 'writing', done: 0, total: 4500 });
    expect(progress.at(-1)).toEqual({ phase: 'writing', done: 4500, total: 4500 });
    expect(progress.length).toBeGreaterThan(2);
    expect(events.at(-1)).toEqual({ result: { format: 'csv', rows: 4500, created: 4500, updated: 0, unchanged: 0 } });
    expect((await polesOf(1)).length).toBe(4501);
  });

  it('writes nothing when the database fails part-way, and the stream ends saying so', async () => {
    // A trigger refuses one pole, in the third batch on SQLite and the second on PostgreSQL.
    const { db, engine } = ctx();
    if (engine === 'sqlite') {
      await sql`create trigger poles_boom before insert on poles when new.number = 'BOOM'
        begin select raise(abort, 'boom'); end`.execute(db);
    } else {
      await sql`create function poles_boom() returns trigger language plpgsql as $$
        begin if new.number = 'BOOM' then raise exception 'boom'; end if; return new; end $$`.execute(db);
      await sql`create trigger poles_boom before insert on poles for each row execute function poles_boom()`.execute(
        db,
      );
    }
    try {
      const lines = ['numero;latitude;longitude'];
      for (let i = 0; i < 2500; i++) lines.push(`F-${i};-30.1;-51.1`);
      lines.push('BOOM;-30.1;-51.1');
      const before = await count();
      const res = await send('import', lines.join('\n'), {
        companyId: 3,
        accept: 'application/x-ndjson',
        language: 'en',
      });
      const events = res.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(events.filter((e) => 'phase' in e).length).toBeGreaterThan(1);
      expect(events.at(-1)).toEqual({
        error: { message: 'The import could not be completed; nothing was written' },
      });
      expect(await count()).toBe(before);
    } finally {
      await sql`drop trigger poles_boom${sql.raw(engine === 'sqlite' ? '' : ' on poles')}`.execute(db);
    }
  });

  it('states the routes in the OpenAPI document under admin poles', async () => {
    const doc = (await ctx().app.inject({ url: '/api/openapi.json' })).json();
    const post = doc.paths['/api/admin/poles/import'].post;
    expect(post.tags).toEqual(['admin poles']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '422', '413']));
    expect(doc.paths['/api/admin/poles/import/preview'].post.tags).toEqual(['admin poles']);
  });
});
