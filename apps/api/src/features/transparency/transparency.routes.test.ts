// The public transparency figures (issue 25, decision 0037) on known rows: every figure of
// every window checked against the fixtures counted here in plain JavaScript, the ranking
// rule at 19 and 20 completed, the CSV against the JSON, no personal data, the five-minute
// cache on two instances, and a clear 400 for a bad window.
import { PROBLEM_TYPES } from '@acende/shared/enums';
import type { Transparency } from '@acende/shared/schemas/transparency';
import { beforeAll, expect } from 'vitest';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { buildApp } from '../../app.ts';
import { figureCache } from './transparency.cache.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Fixture {
  companyId: number;
  problemType: string;
  status: 'open' | 'in_progress' | 'completed' | 'cancelled';
  /** Days before now it was filed. */
  filedDaysAgo: number;
  /** Hours from filing to completion (completed only). */
  repairHours?: number;
  /** Hours from filing to its due time. */
  targetHours: number;
}

const completed = (
  companyId: number,
  problemType: string,
  filedDaysAgo: number,
  repairHours: number,
  targetHours = 24,
): Fixture => ({ companyId, problemType, status: 'completed', filedDaysAgo, repairHours, targetHours });

// CEEE (1): a mix over the three windows. Certel (2): 20 repairs in the last 30 days.
// RGE (3): 19 faster repairs in the last 30 days and a 20th 50 days ago (ranked only over 90).
const FIXTURES: Fixture[] = [
  completed(1, 'LIGHT_OUT', 10, 2),
  completed(1, 'LIGHT_OUT', 12, 30),
  completed(1, 'LIGHT_OUT', 5, 7),
  completed(1, 'LIGHT_OUT', 3, 48, 72),
  completed(1, 'LIGHT_OUT', 60, 100),
  completed(1, 'LIGHT_OUT', 200, 5),
  completed(1, 'NO_LAMP', 80, 20, 72),
  completed(1, 'NO_LAMP', 20, 96, 72),
  { companyId: 1, problemType: 'LIGHT_OUT', status: 'open', filedDaysAgo: 2, targetHours: 24 },
  { companyId: 1, problemType: 'LIGHT_OUT', status: 'in_progress', filedDaysAgo: 100, targetHours: 24 },
  { companyId: 1, problemType: 'FALLEN_POLE', status: 'open', filedDaysAgo: 400, targetHours: 6 },
  { companyId: 1, problemType: 'NO_LAMP', status: 'cancelled', filedDaysAgo: 4, targetHours: 72 },
  completed(1, 'POLE_DAMAGE', 500, 10),
  ...Array.from({ length: 20 }, (_, i) => completed(2, 'LIGHT_OUT', 1 + i, 1 + i)),
  ...Array.from({ length: 19 }, (_, i) => completed(3, i % 2 ? 'LIGHT_OUT' : 'NO_LAMP', 2 + i, 0.5)),
  completed(3, 'NO_LAMP', 50, 0.5),
];
const NAMES: Record<number, string> = { 1: 'CEEE', 2: 'Certel', 3: 'RGE' };
const personal = (n: number) => ({
  name: `Pessoa Secreta ${n}`,
  phone: `(51) 98888-${String(1000 + n)}`,
  email: `pessoa${n}@exemplo.com.br`,
  address: `Rua Escondida ${n}, 10`,
});

async function insert(ctx: TestContext, fixtures: Fixture[], first = 1) {
  const now = ctx.clock.now().getTime();
  let n = first;
  for (const f of fixtures) {
    const created = now - f.filedDaysAgo * DAY;
    const at = (hours: number) => new Date(created + hours * HOUR).toISOString();
    await ctx.db
      .insertInto('repairRequests')
      .values({
        ...personal(n),
        problemType: f.problemType,
        latitude: '-30.03',
        longitude: '-51.22',
        companyId: f.companyId,
        status: f.status,
        trackingTokenHash: `transparency-hash-${n}`,
        createdAt: at(0),
        updatedAt: at(f.repairHours ?? 0),
        closedAt: f.repairHours !== undefined ? at(f.repairHours) : f.status === 'cancelled' ? at(1) : null,
        dueAt: at(f.targetHours),
      })
      .execute();
    n++;
  }
}

/** percentile_cont over an ascending list, in whole seconds. */
function percentileOf(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * p;
  const lo = sorted[Math.floor(position)] as number;
  const hi = sorted[Math.ceil(position)] as number;
  return Math.round(lo + (hi - lo) * (position - Math.floor(position)));
}

/** The figures of a set of fixtures, counted one by one. */
function figuresOf(fixtures: Fixture[], days: number) {
  const inWindow = (daysAgo: number) => daysAgo < days;
  const done = fixtures.filter(
    (f) => f.status === 'completed' && inWindow(f.filedDaysAgo - (f.repairHours as number) / 24),
  );
  const seconds = done.map((f) => (f.repairHours as number) * 3600).sort((a, b) => a - b);
  const met = done.filter((f) => (f.repairHours as number) <= f.targetHours).length;
  return {
    received: fixtures.filter((f) => inWindow(f.filedDaysAgo)).length,
    backlog: fixtures.filter((f) => f.status === 'open' || f.status === 'in_progress').length,
    completed: done.length,
    completedWithinTarget: met,
    withinTargetShare: done.length ? met / done.length : null,
    medianSeconds: percentileOf(seconds, 0.5),
    p90Seconds: percentileOf(seconds, 0.9),
  };
}

const shown = (f: { received: number; backlog: number; completed: number }) => f.received + f.backlog + f.completed > 0;

function expectedRows(fixtures: Fixture[], days: number) {
  const rows = [];
  for (const companyId of [1, 2, 3]) {
    for (const problemType of PROBLEM_TYPES) {
      const figures = figuresOf(
        fixtures.filter((f) => f.companyId === companyId && f.problemType === problemType),
        days,
      );
      if (shown(figures)) rows.push({ companyId, companyName: NAMES[companyId], problemType, ...figures });
    }
  }
  return rows;
}

function expectedCompany(fixtures: Fixture[], companyId: number, days: number) {
  return {
    companyId,
    companyName: NAMES[companyId],
    ...figuresOf(
      fixtures.filter((f) => f.companyId === companyId),
      days,
    ),
  };
}

const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));

describeEachEngine('public transparency figures', (ctx) => {
  const get = (url: string, language = 'pt') =>
    ctx().app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  const figures = async (window: number): Promise<Transparency> => {
    const res = await get(`/api/transparency?window=${window}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    await insert(ctx(), FIXTURES);
  });

  it('answers every figure of each window, per company and problem type and per company', async () => {
    for (const days of [30, 90, 365]) {
      const body = await figures(days);
      expect(body.windowDays).toBe(days);
      expect(Date.parse(body.to) - Date.parse(body.from)).toBe(days * DAY);
      expect(body.rows).toEqual(expectedRows(FIXTURES, days));
      for (const companyId of [1, 2, 3]) {
        expect(body.companies.find((c) => c.companyId === companyId)).toMatchObject(
          expectedCompany(FIXTURES, companyId, days),
        );
      }
    }
    // Spot checks of the counting above, by hand: CEEE light out over 30 days received 5
    // (10, 12, 5, 3 and 2 days ago), has 2 open or in progress, completed 4 in 2, 7, 30 and 48 h
    // (within target: 2, 7 and 48 of 72) → median 18.5 h, p90 = 30 + 0.7 × 18 = 42.6 h.
    const ceeeLightOut = (await figures(30)).rows.find((r) => r.companyId === 1 && r.problemType === 'LIGHT_OUT');
    expect(ceeeLightOut).toEqual({
      companyId: 1,
      companyName: 'CEEE',
      problemType: 'LIGHT_OUT',
      received: 5,
      backlog: 2,
      completed: 4,
      completedWithinTarget: 3,
      withinTargetShare: 0.75,
      medianSeconds: 18.5 * 3600,
      p90Seconds: Math.round(42.6 * 3600),
    });
    // A pole damage completed 500 days ago is in no window; a fallen pole open for 400 days is backlog.
    expect((await figures(365)).rows.find((r) => r.problemType === 'POLE_DAMAGE')).toBeUndefined();
    expect((await figures(30)).rows.find((r) => r.problemType === 'FALLEN_POLE')).toMatchObject({
      received: 0,
      backlog: 1,
      completed: 0,
      withinTargetShare: null,
      medianSeconds: null,
    });
  });

  it('ranks only companies with at least 20 completed in the window (19 are shown unranked)', async () => {
    const month = await figures(30);
    expect(month.rankingMinCompleted).toBe(20);
    // RGE's 19 faster repairs do not put it first: it is shown, without a rank.
    expect(month.companies.map((c) => [c.companyName, c.completed, c.rank])).toEqual([
      ['Certel', 20, 1],
      ['CEEE', 4 + 1, null],
      ['RGE', 19, null],
    ]);
    // Over 90 days RGE has 20 and leads (share 1, median 30 min); Certel's median is 10.5 h.
    const quarter = await figures(90);
    expect(quarter.companies.map((c) => [c.companyName, c.completed, c.rank])).toEqual([
      ['RGE', 20, 1],
      ['Certel', 20, 2],
      ['CEEE', 7, null],
    ]);
    expect(quarter.companies[1]?.medianSeconds).toBe(10.5 * 3600);
  });

  it('gives the same figures as CSV, headers in the reader’s language', async () => {
    for (const [language, header] of [
      ['pt', 'empresa'],
      ['en', 'company'],
    ] as const) {
      const json = await figures(90);
      const res = await get('/api/transparency.csv?window=90', language);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      // Public and cacheable, yet worded by Accept-Language: a shared cache must key on it.
      expect(res.headers['cache-control']).toMatch(/^public/);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-language');
      const [head, ...lines] = csvRows(res.body);
      expect(head?.[1]).toBe(header);
      const number = (cell: string | undefined) => (cell ? Number(cell.replace(',', '.')) : null);
      const figuresOfLine = (cells: string[]) => ({
        received: number(cells[4]),
        backlog: number(cells[5]),
        completed: number(cells[6]),
        completedWithinTarget: number(cells[7]),
        withinTargetShare: number(cells[8]),
        medianSeconds: number(cells[9]),
        p90Seconds: number(cells[10]),
      });
      const round = <T extends { withinTargetShare: number | null }>(f: T) => ({
        ...f,
        withinTargetShare: f.withinTargetShare === null ? null : Math.round(f.withinTargetShare * 10_000) / 10_000,
      });
      const expected: string[][] = [];
      for (const c of json.companies) {
        const { companyId: _c, companyName, rank, ratings: _n, averageScore: _a, ...f } = c;
        expected.push(['90', companyName, '', rank === null ? '' : String(rank), JSON.stringify(round(f))]);
        for (const r of json.rows.filter((row) => row.companyId === c.companyId)) {
          const { companyId: _r, companyName: name, problemType, ...g } = r;
          expected.push(['90', name, problemType, '', JSON.stringify(round(g))]);
        }
      }
      expect(lines.map((cells) => [...cells.slice(0, 4), JSON.stringify(figuresOfLine(cells))])).toEqual(expected);
    }
  });

  it('carries no personal data', async () => {
    const bodies = [
      (await get('/api/transparency?window=365')).body,
      (await get('/api/transparency.csv?window=365')).body,
    ].join('\n');
    for (let n = 1; n <= FIXTURES.length; n++) {
      for (const value of Object.values(personal(n))) expect(bodies).not.toContain(value);
    }
    expect(bodies).not.toMatch(/Pessoa|Escondida|@exemplo|98888|transparency-hash/);
  });

  it('refuses a window other than 30, 90 or 365 with a 400 in the reader’s language', async () => {
    for (const window of ['7', 'abc', '30.0', '', '1e9']) {
      const pt = await get(`/api/transparency?window=${encodeURIComponent(window)}`);
      expect(pt.statusCode, window).toBe(400);
      expect(pt.json().message).toContain('Escolha um período de 30, 90 ou 365 dias');
      const en = await get(`/api/transparency.csv?window=${encodeURIComponent(window)}`, 'en');
      expect(en.statusCode, window).toBe(400);
      expect(en.json().message).toContain('Choose a period of 30, 90 or 365 days');
    }
    expect((await get('/api/transparency')).json().windowDays).toBe(30);
  });

  it('serves the figures for at most five minutes, the same on two instances, computed once under concurrency', async () => {
    // Start from fresh figures, then file a request the cached figures do not know yet.
    ctx().clock.advance(301_000);
    const second = await buildApp({ config: ctx().config, db: ctx().db, clock: ctx().clock, logger: false });
    try {
      const before = await figures(30);
      expect(Date.parse(before.computedAt)).toBe(ctx().clock.now().getTime());
      await insert(
        ctx(),
        [{ companyId: 2, problemType: 'NO_LAMP', status: 'open', filedDaysAgo: 0, targetHours: 72 }],
        1000,
      );
      const fromSecond = await second.inject({ method: 'GET', url: '/api/transparency?window=30' });
      expect(fromSecond.json()).toEqual(before);
      // Before the last minute (when a read would refresh them ahead): the same figures.
      ctx().clock.advance(239_000);
      const res = await get('/api/transparency?window=30');
      expect(res.json()).toEqual(before);
      expect(res.headers['cache-control']).toBe('public, max-age=61');
      ctx().clock.advance(61_000);
      // Five minutes old: computed again, by one of the two instances, and both serve it.
      const [a, b] = await Promise.all([
        second.inject({ method: 'GET', url: '/api/transparency?window=30' }),
        get('/api/transparency?window=30'),
      ]);
      expect(a.json()).toEqual(b.json());
      expect(a.json().computedAt).not.toBe(before.computedAt);
      expect(
        a
          .json()
          .rows.find(
            (r: { companyId: number; problemType: string }) => r.companyId === 2 && r.problemType === 'NO_LAMP',
          ),
      ).toMatchObject({
        received: 1,
        backlog: 1,
      });
      expect(a.headers['cache-control']).toBe('public, max-age=300');
    } finally {
      await second.close();
    }
  });

  /** Two instances' caches over one counting computation (100 ms each). */
  const twoInstances = () => {
    const counter = { computed: 0 };
    const compute = async () => {
      counter.computed++;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { n: counter.computed };
    };
    const caches = [0, 1].map(() => figureCache<{ n: number }>(ctx().db, ctx().clock, 300_000));
    return { counter, compute, caches };
  };

  it('recomputes a stale entry once when many callers of two instances ask at the same time', async () => {
    const { counter, compute, caches } = twoInstances();
    const all = () =>
      Promise.all(Array.from({ length: 20 }, (_, i) => caches[i % 2]?.get('concurrency-test', compute)));
    const first = await all();
    expect(counter.computed).toBe(1);
    expect(new Set(first.map((e) => e?.value.n))).toEqual(new Set([1]));
    ctx().clock.advance(300_000);
    const second = await all();
    expect(counter.computed).toBe(2);
    expect(new Set(second.map((e) => e?.value.n))).toEqual(new Set([2]));
  });

  it('refreshes an entry in its last minute in the background, once across two instances, so no reader waits', async () => {
    const { counter, compute, caches } = twoInstances();
    const all = () => Promise.all(Array.from({ length: 20 }, (_, i) => caches[i % 2]?.get('ahead-test', compute)));
    await all();
    expect(counter.computed).toBe(1);
    // Four minutes on, outside the last minute: nothing is recomputed.
    ctx().clock.advance(4 * 60_000 - 1_000);
    expect(new Set((await all()).map((e) => e?.value.n))).toEqual(new Set([1]));
    expect(counter.computed).toBe(1);
    // In the last minute: every reader gets the entry it has at once, one recomputation starts.
    ctx().clock.advance(2_000);
    const started = performance.now();
    expect(new Set((await all()).map((e) => e?.value.n))).toEqual(new Set([1]));
    expect(performance.now() - started).toBeLessThan(100);
    // Both instances pick up the renewed entry once it is stored.
    for (let i = 0; i < 200; i++) {
      const values = await all();
      if (values.every((e) => e?.value.n === 2)) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(new Set((await all()).map((e) => e?.value.n))).toEqual(new Set([2]));
    expect(counter.computed).toBe(2);
    // Past the first entry's five minutes, the renewed one is still fresh: no reader computes.
    ctx().clock.advance(60_000);
    expect(new Set((await all()).map((e) => e?.value.n))).toEqual(new Set([2]));
    expect(counter.computed).toBe(2);
  });
});
