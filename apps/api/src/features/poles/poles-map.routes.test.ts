import { expect } from 'vitest';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';

interface Seeded {
  companyId: number;
  number: string;
  latitude: number;
  longitude: number;
  active?: number;
}

async function insertPoles(ctx: TestContext, poles: Seeded[]): Promise<number[]> {
  const now = ctx.clock.now().toISOString();
  const rows = await ctx.db
    .insertInto('poles')
    .values(
      poles.map((p) => ({
        street: 'Rua Privada',
        description: 'segredo',
        active: 1,
        ...p,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

async function insertCompany(ctx: TestContext, name: string, active: number): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db
    .insertInto('energyCompanies')
    .values({ name, fullName: name, colorClass: 'blue', iconClass: 'bolt', active, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type Layer = {
  poles: { id: number; companyId: number; number: string; latitude: number; longitude: number }[];
  clusters: { latitude: number; longitude: number; count: number }[];
};

describeEachEngine('public map layer of poles', (ctx) => {
  const layer = (bbox: string, language = 'pt') =>
    ctx().app.inject({ url: `/api/poles?bbox=${bbox}`, headers: { 'accept-language': language } });
  const total = (body: Layer) => body.clusters.reduce((sum, c) => sum + c.count, 0);

  it('answers the active poles of active companies inside the box, public fields only, cacheable', async () => {
    const closed = await insertCompany(ctx(), 'Fechada', 0);
    const [inside, onEdge, , , , otherCompany] = await insertPoles(ctx(), [
      { companyId: 1, number: 'A-1', latitude: -30.031, longitude: -51.231 },
      { companyId: 1, number: 'A-2', latitude: -30.03, longitude: -51.23 },
      { companyId: 1, number: 'A-3', latitude: -30.0401, longitude: -51.231 },
      { companyId: 1, number: 'A-4', latitude: -30.031, longitude: -51.2201 },
      { companyId: 1, number: 'A-5', latitude: -30.032, longitude: -51.232, active: 0 },
      { companyId: 2, number: 'A-1', latitude: -30.035, longitude: -51.235 },
      { companyId: closed, number: 'A-6', latitude: -30.033, longitude: -51.233 },
    ]);
    const res = await layer('-51.24,-30.04,-51.23,-30.03');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const body = res.json() as Layer;
    expect(body.clusters).toEqual([]);
    expect(body.poles.sort((a, b) => a.id - b.id)).toEqual([
      { id: inside, companyId: 1, number: 'A-1', latitude: -30.031, longitude: -51.231 },
      { id: onEdge, companyId: 1, number: 'A-2', latitude: -30.03, longitude: -51.23 },
      { id: otherCompany, companyId: 2, number: 'A-1', latitude: -30.035, longitude: -51.235 },
    ]);
    for (const pole of body.poles) {
      expect(Object.keys(pole).sort()).toEqual(['companyId', 'id', 'latitude', 'longitude', 'number']);
    }
    expect(res.body).not.toContain('Rua Privada');
    expect(res.body).not.toContain('segredo');
    // An empty box is an empty layer.
    expect((await layer('10,10,10.01,10.01')).json()).toEqual({ poles: [], clusters: [] });
  });

  it('answers counts by cell, never poles, when the box holds more than 500, near and far', async () => {
    const closed = await insertCompany(ctx(), 'Encerrada', 0);
    // 600 active poles in a 0.02° square, plus poles the layer must not count.
    const grid = Array.from({ length: 600 }, (_, i) => ({
      companyId: 1 + (i % 2),
      number: `B-${i}`,
      latitude: -29.1 - (i % 25) * 0.0008,
      longitude: -51.1 - Math.floor(i / 25) * 0.0008,
    }));
    const ids = await insertPoles(ctx(), [
      ...grid,
      ...Array.from({ length: 20 }, (_, i) => ({
        companyId: 1,
        number: `B-OFF-${i}`,
        latitude: -29.105,
        longitude: -51.105,
        active: 0,
      })),
      ...Array.from({ length: 30 }, (_, i) => ({
        companyId: closed,
        number: `B-${i}`,
        latitude: -29.105,
        longitude: -51.105,
      })),
    ]);
    const near = '-51.12,-29.12,-51.1,-29.1';
    const far = '-51.6,-29.6,-50.6,-28.6';
    for (const bbox of [near, far]) {
      const body = (await layer(bbox)).json() as Layer;
      expect(body.poles).toEqual([]);
      expect(total(body)).toBe(600);
      expect(body.clusters.length).toBeGreaterThan(bbox === near ? 1 : 0);
      for (const c of body.clusters) {
        expect(c.latitude).toBeGreaterThanOrEqual(-29.1192 - 1e-9);
        expect(c.latitude).toBeLessThanOrEqual(-29.1 + 1e-9);
        expect(c.longitude).toBeGreaterThanOrEqual(-51.1192 - 1e-9);
        expect(c.longitude).toBeLessThanOrEqual(-51.1 + 1e-9);
      }
    }
    // The far box's counts are kept by triggers: a pole deactivated, one deleted, one moved
    // far away and one moved within the box.
    const db = ctx().db;
    await db
      .updateTable('poles')
      .set({ active: 0 })
      .where('id', '=', ids[0] as number)
      .execute();
    await db
      .deleteFrom('poles')
      .where('id', '=', ids[1] as number)
      .execute();
    await db
      .updateTable('poles')
      .set({ latitude: 10 })
      .where('id', '=', ids[2] as number)
      .execute();
    await db
      .updateTable('poles')
      .set({ longitude: -51.3 })
      .where('id', '=', ids[3] as number)
      .execute();
    // An inactive pole brought back counts again.
    await db
      .updateTable('poles')
      .set({ active: 1 })
      .where('id', '=', ids[600] as number)
      .execute();
    expect(total((await layer(far)).json())).toBe(598);
    expect(total((await layer(near)).json())).toBe(597);
    // Below the cap again: the poles themselves.
    await db.deleteFrom('poles').where('id', 'in', ids.slice(4, 200)).execute();
    const few = (await layer(far)).json() as Layer;
    expect(few.clusters).toEqual([]);
    expect(few.poles).toHaveLength(402);
  });

  const PT = {
    required: 'Informe a área do mapa (bbox=oeste,sul,leste,norte)',
    invalid: 'A área do mapa deve ter quatro números separados por vírgulas: oeste,sul,leste,norte',
    range: 'A área do mapa deve ficar entre as longitudes -180 e 180 e as latitudes -90 e 90',
    order: 'Na área do mapa, oeste deve ser menor que leste e sul menor que norte',
    tooLarge: 'A área do mapa é grande demais: aproxime o mapa (no máximo 4 graus de lado)',
  };
  const EN = {
    required: 'Give the map area (bbox=west,south,east,north)',
    invalid: 'The map area must be four numbers separated by commas: west,south,east,north',
    range: 'The map area must lie within longitudes -180 and 180 and latitudes -90 and 90',
    order: 'In the map area, west must be less than east and south less than north',
    tooLarge: 'The map area is too large: zoom in (at most 4 degrees a side)',
  };
  it.each([
    ['', 'required'],
    ['bbox=', 'invalid'],
    ['bbox=a,b,c,d', 'invalid'],
    ['bbox=1,2,3', 'invalid'],
    ['bbox=1,2,3,4,5', 'invalid'],
    ['bbox=Infinity,2,3,4', 'invalid'],
    ['bbox=NaN,2,3,4', 'invalid'],
    ['bbox=1e1,2,3,4', 'invalid'],
    ['bbox=0x1,2,3,4', 'invalid'],
    ['bbox=1,,3,4', 'invalid'],
    ['bbox=1,2,3,4&bbox=1,2,3,4', 'invalid'],
    [`bbox=${'1'.repeat(400)},2,3,4`, 'invalid'],
    ['bbox=-181,0,-179,1', 'range'],
    ['bbox=0,90.5,1,91', 'range'],
    ['bbox=0,-91,1,-89', 'range'],
    ['bbox=2,0,1,1', 'order'],
    ['bbox=1,1,1,2', 'order'],
    ['bbox=1,2,2,1', 'order'],
    ['bbox=0,0,4.5,1', 'tooLarge'],
    ['bbox=0,0,1,4.01', 'tooLarge'],
  ] as const)('refuses %s with a 400 in the reader’s language', async (query, key) => {
    for (const [language, texts] of [['pt', PT] as const, ['en', EN] as const]) {
      const res = await ctx().app.inject({ url: `/api/poles?${query}`, headers: { 'accept-language': language } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: texts[key], errors: { bbox: texts[key] } });
    }
  });

  it('is in the OpenAPI document, public, with its bbox parameter', async () => {
    const doc = (await ctx().app.inject({ url: '/api/openapi.json' })).json();
    const get = doc.paths['/api/poles'].get;
    expect(get.tags).toEqual(['public']);
    expect(get.parameters).toEqual([expect.objectContaining({ in: 'query', name: 'bbox', required: true })]);
    expect(Object.keys(get.responses['200'].content['application/json'].schema.properties).sort()).toEqual([
      'clusters',
      'poles',
    ]);
  });

  it('takes the widest box and both world edges', async () => {
    expect((await layer('-180,-90,-176,-86')).statusCode).toBe(200);
    expect((await layer('176,86,180,90')).statusCode).toBe(200);
    expect((await layer(' -51.2 , -30.1 , -51.1 , -30.0 ')).statusCode).toBe(200);
  });
});
