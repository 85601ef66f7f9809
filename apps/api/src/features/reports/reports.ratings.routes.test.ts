// The citizens' ratings report (issue 35, decision 0050) on known rows: per company the rated
// requests, the mean score, low and high scores, in JSON and CSV, both languages, within the
// reader's company scope and the report filters; the comment appears nowhere.
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';

// CEEE (1): light out rated 5, 4, 1 and a no lamp rated 2, one light out not rated.
// Certel (2): one light out rated 3. RGE (3): nothing rated.
const FIXTURES: { companyId: number; problemType: string; score: number | null }[] = [
  { companyId: 1, problemType: 'LIGHT_OUT', score: 5 },
  { companyId: 1, problemType: 'LIGHT_OUT', score: 4 },
  { companyId: 1, problemType: 'LIGHT_OUT', score: 1 },
  { companyId: 1, problemType: 'NO_LAMP', score: 2 },
  { companyId: 1, problemType: 'LIGHT_OUT', score: null },
  { companyId: 2, problemType: 'LIGHT_OUT', score: 3 },
  { companyId: 3, problemType: 'LIGHT_OUT', score: null },
];

async function insert(ctx: TestContext) {
  const at = ctx.clock.now().toISOString();
  let n = 0;
  for (const f of FIXTURES) {
    n++;
    const row = await ctx.db
      .insertInto('repairRequests')
      .values({
        phone: '(51) 99999-0000',
        address: `Rua ${n}, 10`,
        problemType: f.problemType,
        latitude: '-30.03',
        longitude: '-51.22',
        companyId: f.companyId,
        status: 'completed',
        trackingTokenHash: `ratings-hash-${n}`,
        createdAt: at,
        updatedAt: at,
        closedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (f.score !== null) {
      await ctx.db
        .insertInto('requestRatings')
        .values({ requestId: row.id, score: f.score, comment: `Comentário reservado ${n}`, createdAt: at })
        .execute();
    }
  }
}

const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));

describeEachEngine('citizens’ ratings report', (ctx) => {
  let admin: TestAccount;
  const get = (url: string, account = admin, language = 'pt') =>
    ctx().app.inject({ url, headers: { ...account.headers, 'accept-language': language } });

  beforeAll(async () => {
    await insert(ctx());
    admin = await signedIn(ctx(), { role: 'admin' });
  });

  it('counts the rated requests per company with their mean, low and high scores', async () => {
    const res = await get('/api/admin/reports/ratings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([
      { companyId: 1, companyName: 'CEEE', ratings: 4, averageScore: 3, low: 2, high: 2 },
      { companyId: 2, companyName: 'Certel', ratings: 1, averageScore: 3, low: 0, high: 0 },
    ]);
    expect(res.body).not.toContain('reservado');
    const lightOut = await get('/api/admin/reports/ratings?problemType=LIGHT_OUT');
    expect(lightOut.json().rows[0]).toMatchObject({ companyName: 'CEEE', ratings: 3, averageScore: 3.33, low: 1 });
  });

  it('keeps to the reader’s companies', async () => {
    const certel = await signedIn(ctx(), { role: 'user', companyIds: [2] });
    const res = await get('/api/admin/reports/ratings', certel);
    expect(res.json().rows.map((r: { companyName: string }) => r.companyName)).toEqual(['Certel']);
  });

  it('exports the CSV in the reader’s language, never with a comment', async () => {
    const pt = await get('/api/admin/reports/ratings.csv');
    expect(pt.statusCode).toBe(200);
    expect(pt.headers['content-disposition']).toMatch(/relatorio-avaliacoes-/);
    expect(csvRows(pt.body)).toEqual([
      ['Concessionária', 'Avaliações', 'Nota média', 'Notas 1–2', 'Notas 4–5'],
      ['CEEE', '4', '3,00', '2', '2'],
      ['Certel', '1', '3,00', '0', '0'],
    ]);
    expect(pt.body).not.toContain('reservado');
    const en = await get('/api/admin/reports/ratings.csv', admin, 'en');
    expect(csvRows(en.body)[0]).toEqual(['Energy company', 'Ratings', 'Mean score', 'Scores 1–2', 'Scores 4–5']);
    const pdf = await get('/api/admin/reports/ratings.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});
