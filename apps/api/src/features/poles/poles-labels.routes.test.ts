import { POLE_LABELS_SELECTION_MAX } from '@acende/shared/schemas/pole-labels';
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { readLabels } from '../../../test/pdf-labels.ts';

const URL = '/api/admin/poles/labels';

/** Registers poles straight in the table (the registry's API is not needed to print). */
async function seedPoles(
  ctx: TestContext,
  companyId: number,
  numbers: string[],
  options: { active?: boolean } = {},
): Promise<number[]> {
  const now = ctx.clock.now().toISOString();
  const ids: number[] = [];
  for (const [i, number] of numbers.entries()) {
    const row = await ctx.db
      .insertInto('poles')
      .values({
        companyId,
        number,
        latitude: -30.03 - i / 1000,
        longitude: -51.23,
        street: null,
        description: null,
        active: options.active === false ? 0 : 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

describeEachEngine('pole QR labels', (ctx) => {
  let admin: TestAccount;
  let operator: TestAccount;
  let viewer: TestAccount;
  let ceee: number[];
  let certel: number[];
  let rgeActive: number[];
  let rgeInactive: number[];
  // The file is named by São Paulo's calendar day (from 21:00 to 24:00 there, UTC is a day ahead).
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(ctx().clock.now());

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    // A user linked to Certel (company 2) only.
    operator = await signedIn(ctx(), { role: 'user', companyIds: [2] });
    viewer = await signedIn(ctx(), { role: 'viewer' });
    ceee = await seedPoles(ctx(), 1, ['P-0001', 'P-0002', 'LONG-NUMBER-ABCDEFGHIJKLMNOPQRSTU']);
    certel = await seedPoles(ctx(), 2, ['C-10', 'C-11']);
    rgeActive = await seedPoles(
      ctx(),
      3,
      Array.from({ length: 23 }, (_, i) => `R-${String(i + 1).padStart(3, '0')}`),
    );
    rgeInactive = await seedPoles(ctx(), 3, ['R-OLD-1', 'R-OLD-2'], { active: false });
  });

  const print = (body: unknown, account: TestAccount | null = admin, language = 'pt') =>
    ctx().app.inject({
      method: 'POST',
      url: URL,
      payload: body as object,
      headers: { ...(account?.headers ?? {}), 'accept-language': language },
    });

  it('prints a selection in the order given: number, service, company and the QR of the pole address', async () => {
    const res = await print({ poleIds: [ceee[1], ceee[0], certel[0], ceee[2]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="etiquetas-postes-${today()}.pdf"`);
    expect(res.headers['x-label-count']).toBe('4');
    const { pages, labels } = await readLabels(res.rawPayload);
    expect(pages).toBe(1);
    expect(labels.map((l) => [l.slot, l.qr])).toEqual([
      [0, 'http://acende.test/p/1/P-0002'],
      [1, 'http://acende.test/p/1/P-0001'],
      [2, 'http://acende.test/p/2/C-10'],
      [3, 'http://acende.test/p/1/LONG-NUMBER-ABCDEFGHIJKLMNOPQRSTU'],
    ]);
    const [first, , third, long] = labels;
    expect(first?.text).toContain('Acende');
    expect(first?.text).toContain('P-0002');
    expect(first?.text).toContain('CEEE');
    // The address in words, for whoever has no camera.
    expect(first?.text).toContain('http://acende.test/p/1/P-0002');
    expect(third?.text).toContain('Certel');
    // A 32-character number is printed whole (broken over lines), never cut.
    expect(long?.text.replaceAll(' ', '')).toContain('LONG-NUMBER-ABCDEFGHIJKLMNOPQRSTU');
  });

  it('encodes the number as one path segment, whatever an older row holds', async () => {
    // The number rule forbids these characters; a row written before it must still scan right.
    const [odd] = await seedPoles(ctx(), 1, ['A/B 7#']);
    const res = await print({ poleIds: [odd] });
    expect(res.statusCode).toBe(200);
    const { labels } = await readLabels(res.rawPayload);
    expect(labels[0]?.qr).toBe('http://acende.test/p/1/A%2FB%207%23');
    await ctx()
      .db.deleteFrom('poles')
      .where('id', '=', odd as number)
      .execute();
  });

  it('prints a whole company, its active poles by default, 21 labels to a sheet', async () => {
    const res = await print({ companyId: 3 }, admin, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pole-labels-rge-${today()}.pdf"`);
    expect(res.headers['x-label-count']).toBe('23');
    const { pages, labels } = await readLabels(res.rawPayload);
    expect(pages).toBe(2);
    expect(labels.map((l) => l.qr)).toEqual(
      Array.from({ length: 23 }, (_, i) => `http://acende.test/p/3/R-${String(i + 1).padStart(3, '0')}`),
    );
    expect(labels.filter((l) => l.page === 2).map((l) => l.slot)).toEqual([0, 1]);
    const text = labels.map((l) => l.text).join(' ');
    expect(text).not.toContain('R-OLD');

    const all = await print({ companyId: 3, includeInactive: true });
    expect(all.headers['x-label-count']).toBe('25');
    const withInactive = await readLabels(all.rawPayload);
    expect(withInactive.labels.slice(-2).map((l) => l.qr)).toEqual([
      'http://acende.test/p/3/R-OLD-1',
      'http://acende.test/p/3/R-OLD-2',
    ]);
  });

  it('prints an inactive pole chosen by hand', async () => {
    const res = await print({ poleIds: [rgeInactive[0]] });
    expect(res.statusCode).toBe(200);
    expect((await readLabels(res.rawPayload)).labels.map((l) => l.qr)).toEqual(['http://acende.test/p/3/R-OLD-1']);
  });

  it('lets a company-linked operator print its own companies only: another company reads as unknown', async () => {
    const own = await print({ poleIds: certel }, operator);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('etiquetas-postes-certel-');
    expect(own.headers['x-label-count']).toBe('2');

    const mixed = await print({ poleIds: [certel[0], ceee[0], rgeActive[0]] }, operator);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.headers['content-type']).toContain('application/json');
    expect(mixed.json().message).toBe(
      `2 postes selecionados não foram encontrados entre os das suas concessionárias (ids ${ceee[0]}, ${rgeActive[0]}); nenhuma etiqueta foi gerada`,
    );
    const company = await print({ companyId: 1 }, operator, 'en');
    expect(company.statusCode).toBe(404);
    expect(company.json().message).toBe('Energy company not found');
  });

  it('answers unknown poles and companies with a 404 in the reader’s language, printing nothing', async () => {
    const one = await print({ poleIds: [ceee[0], 999_999] }, admin, 'en');
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe(
      "1 selected pole was not found among your companies' poles (id 999999); no labels were made",
    );
    const many = await print({ poleIds: Array.from({ length: 12 }, (_, i) => 900_000 + i) });
    expect(many.statusCode).toBe(404);
    expect(many.json().message).toContain('(ids 900000, 900001, 900002, 900003, 900004, 900005, 900006');
    expect(many.json().message).toContain('900009, …)');
    expect((await print({ companyId: 999 })).json()).toEqual({ message: 'Concessionária não encontrada' });
    const created = await ctx()
      .db.insertInto('energyCompanies')
      .values({
        name: 'Vazia',
        fullName: 'Empresa sem postes',
        colorClass: 'blue',
        iconClass: 'bolt',
        active: 1,
        createdAt: ctx().clock.now().toISOString(),
        updatedAt: ctx().clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const none = await print({ companyId: created.id }, admin, 'en');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This company has no active poles to print');
    expect((await print({ companyId: created.id, includeInactive: true })).json().message).toBe(
      'Esta concessionária não tem postes cadastrados',
    );
  });

  it.each([
    ['an empty selection', { poleIds: [] }, 'Selecione ao menos um poste', 'Select at least one pole'],
    [
      'too many poles',
      { poleIds: Array.from({ length: POLE_LABELS_SELECTION_MAX + 1 }, (_, i) => i + 1) },
      'No máximo 1000 postes por seleção; para mais, imprima a concessionária inteira',
      'At most 1000 poles per selection; for more, print the whole company',
    ],
    [
      'both a selection and a company',
      { poleIds: [1], companyId: 1 },
      'Escolha os postes (poleIds) ou uma concessionária (companyId), não os dois',
      'Choose either poles (poleIds) or a company (companyId), not both',
    ],
    [
      'neither',
      {},
      'Escolha os postes (poleIds) ou uma concessionária (companyId), não os dois',
      'Choose either poles (poleIds) or a company (companyId), not both',
    ],
    ['a bad pole id', { poleIds: [0] }, 'Identificador de poste inválido', 'Invalid pole id'],
    ['a text pole id', { poleIds: ['x'] }, 'Identificador de poste inválido', 'Invalid pole id'],
    ['a bad company id', { companyId: -1 }, 'Concessionária inválida', 'Invalid energy company'],
  ])('refuses %s with a 400 in the reader’s language', async (_name, body, pt, en) => {
    const resPt = await print(body);
    expect(resPt.statusCode).toBe(400);
    expect(resPt.json().message).toBe(pt);
    const resEn = await print(body, admin, 'en');
    expect(resEn.statusCode).toBe(400);
    expect(resEn.json().message).toBe(en);
  });

  it('is an operator’s task: a viewer is refused and a stranger must sign in', async () => {
    expect((await print({ poleIds: [ceee[0]] }, viewer)).statusCode).toBe(403);
    expect((await print({ poleIds: [ceee[0]] }, null)).statusCode).toBe(401);
  });

  it('is described in the OpenAPI document under admin poles', async () => {
    const doc = (await ctx().app.inject({ url: '/api/openapi.json' })).json();
    const post = doc.paths['/api/admin/poles/labels'].post;
    expect(post.tags).toEqual(['admin poles']);
    expect(post.requestBody.content['application/json'].schema.properties.poleIds.maxItems).toBe(
      POLE_LABELS_SELECTION_MAX,
    );
  });
});
