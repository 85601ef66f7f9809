// Satisfaction on the transparency page (issue 35, decision 0050): a company's mean rating is
// shown only with SATISFACTION_MIN_RATINGS ratings in the window (the ranking's rule), its count
// always; the CSV carries both on the company's line; no comment anywhere.
import type { Transparency } from '@acende/shared/schemas/transparency';
import { SATISFACTION_MIN_RATINGS } from '@acende/shared/transparency';
import { beforeAll, expect } from 'vitest';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `count` completed requests of `companyId`, each rated with the next of `scores`, a few days ago. */
async function rated(ctx: TestContext, companyId: number, count: number, scores: number[], daysAgo = 3) {
  const now = ctx.clock.now().getTime();
  for (let i = 0; i < count; i++) {
    const created = new Date(now - daysAgo * DAY - i * HOUR).toISOString();
    const closed = new Date(now - daysAgo * DAY - i * HOUR + 2 * HOUR).toISOString();
    const row = await ctx.db
      .insertInto('repairRequests')
      .values({
        phone: '(51) 98888-0000',
        address: 'Rua A, 1',
        problemType: 'LIGHT_OUT',
        latitude: '-30.03',
        longitude: '-51.22',
        companyId,
        status: 'completed',
        trackingTokenHash: `satisfaction-${companyId}-${i}-${daysAgo}`,
        createdAt: created,
        updatedAt: closed,
        closedAt: closed,
        dueAt: new Date(Date.parse(created) + 24 * HOUR).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('requestRatings')
      .values({
        requestId: row.id,
        score: scores[i % scores.length] as number,
        comment: 'Comentário secreto',
        createdAt: closed,
      })
      .execute();
  }
}

describeEachEngine('satisfaction on the transparency page', (ctx) => {
  const get = (url: string, language = 'pt') =>
    ctx().app.inject({ method: 'GET', url, headers: { 'accept-language': language } });

  beforeAll(async () => {
    // Certel (2): exactly the minimum, 4 and 5 alternately. RGE (3): one fewer. CEEE (1): the
    // minimum, but all of them 60 days ago (outside 30 days, inside 90).
    await rated(ctx(), 2, SATISFACTION_MIN_RATINGS, [4, 5]);
    await rated(ctx(), 3, SATISFACTION_MIN_RATINGS - 1, [1]);
    await rated(ctx(), 1, SATISFACTION_MIN_RATINGS, [3], 60);
  });

  it('shows the mean score only from the minimum count of ratings in the window', async () => {
    expect(SATISFACTION_MIN_RATINGS).toBe(20);
    const res = await get('/api/transparency?window=30');
    expect(res.statusCode, res.body).toBe(200);
    const month: Transparency = res.json();
    expect(month.satisfactionMinRatings).toBe(SATISFACTION_MIN_RATINGS);
    const byName = (figures: Transparency) =>
      Object.fromEntries(figures.companies.map((c) => [c.companyName, [c.ratings, c.averageScore]]));
    expect(byName(month)).toMatchObject({ Certel: [20, 4.5], RGE: [19, null] });
    expect(res.body).not.toContain('secreto');

    const quarter: Transparency = (await get('/api/transparency?window=90')).json();
    expect(byName(quarter)).toMatchObject({ Certel: [20, 4.5], RGE: [19, null], CEEE: [20, 3] });
  });

  it('carries the count and the mean on each company’s CSV line, never a comment', async () => {
    const res = await get('/api/transparency.csv?window=30', 'en');
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/;ratings;average rating$/);
    expect(lines.find((l) => l.startsWith('30;Certel;;'))).toMatch(/;20;4\.50$/);
    expect(lines.find((l) => l.startsWith('30;RGE;;'))).toMatch(/;19;$/);
    expect(res.body).not.toContain('secreto');
  });
});
