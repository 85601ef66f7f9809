// The transparency page's figures over one window (decision 0037): what each energy company
// received, has open, completed and how fast, per problem type and in total. The figures
// come from the repair-time indexes (decision 0036), through computeFigures() alone.
import { PROBLEM_TYPES, type ProblemType } from '@acende/shared/enums';
import type { Transparency, TransparencyCompany, TransparencyRow } from '@acende/shared/schemas/transparency';
import { RANKING_MIN_COMPLETED, SATISFACTION_MIN_RATINGS } from '@acende/shared/transparency';
import { ratingsByCompany } from '../../core/ratings/ratings.repository.ts';
import {
  groupRepairPercentiles,
  listWindowCounts,
  overallRepairPercentiles,
} from '../../core/repair-times.repository.ts';
import type { Db } from '../../db/database.ts';

export interface FigureWindow {
  days: number;
  /** ISO instants: the window is [from, to). */
  from: string;
  to: string;
}

type Figures = Omit<TransparencyRow, 'companyId' | 'companyName' | 'problemType'>;

function figuresOf(
  counts: { received: number; backlog: number; completed: number; met: number },
  times: { medianSeconds: number | null; p90Seconds: number | null },
): Figures {
  return {
    received: counts.received,
    backlog: counts.backlog,
    completed: counts.completed,
    completedWithinTarget: counts.met,
    withinTargetShare: counts.completed === 0 ? null : counts.met / counts.completed,
    ...times,
  };
}

/**
 * The league: companies with at least RANKING_MIN_COMPLETED completed in the window, by share
 * within target (higher first), then median time to repair (shorter first); equal on both
 * share the rank ("1, 1, 3"). The others keep rank null and follow by name.
 */
export function rankCompanies(
  companies: Omit<TransparencyCompany, 'rank' | 'ratings' | 'averageScore'>[],
): Omit<TransparencyCompany, 'ratings' | 'averageScore'>[] {
  const byName = (a: { companyName: string }, b: { companyName: string }) =>
    a.companyName.localeCompare(b.companyName, 'pt');
  const eligible = companies
    .filter((c) => c.completed >= RANKING_MIN_COMPLETED)
    .sort(
      (a, b) =>
        (b.withinTargetShare ?? 0) - (a.withinTargetShare ?? 0) ||
        (a.medianSeconds ?? 0) - (b.medianSeconds ?? 0) ||
        byName(a, b),
    );
  const ranked: Omit<TransparencyCompany, 'ratings' | 'averageScore'>[] = [];
  eligible.forEach((c, index) => {
    const previous = ranked[index - 1];
    const tied =
      previous && previous.withinTargetShare === c.withinTargetShare && previous.medianSeconds === c.medianSeconds;
    ranked.push({ ...c, rank: tied ? (previous.rank as number) : index + 1 });
  });
  const unranked = companies
    .filter((c) => c.completed < RANKING_MIN_COMPLETED)
    .sort(byName)
    .map((c) => ({ ...c, rank: null }));
  return [...ranked, ...unranked];
}

/**
 * Every figure of the page for one window, computed now, from the repair-time indexes
 * (decision 0036): one pass over each partial index for every count of the window (received,
 * backlog, completed, within target), the exact median / p90 per group by ordered seeks, and
 * each company's own median / p90 over all its problem types.
 */
export async function computeFigures(db: Db, w: FigureWindow, computedAt: string): Promise<Transparency> {
  const window = await listWindowCounts(db, w.from, w.to);
  const names = await db.selectFrom('energyCompanies').select(['id', 'name']).execute();
  const nameOf = (id: number) => names.find((c) => c.id === id)?.name ?? String(id);
  const counted = [];
  for (const g of window) {
    if (!(PROBLEM_TYPES as readonly string[]).includes(g.problemType)) continue;
    if (g.received + g.backlog + g.completed === 0) continue;
    const times = await groupRepairPercentiles(
      db,
      { scope: null, companyId: g.companyId, problemType: g.problemType, closedFrom: w.from, closedBefore: w.to },
      g.completed,
    );
    counted.push({
      companyId: g.companyId,
      problemType: g.problemType as ProblemType,
      received: g.received,
      backlog: g.backlog,
      completed: g.completed,
      met: g.completedWithinTarget,
      timed: g.completed,
      ...times,
    });
  }
  const rows: TransparencyRow[] = counted
    .map((g) => ({
      companyId: g.companyId,
      companyName: nameOf(g.companyId),
      problemType: g.problemType,
      ...figuresOf(g, g),
    }))
    .sort(
      (a, b) =>
        a.companyName.localeCompare(b.companyName, 'pt') ||
        PROBLEM_TYPES.indexOf(a.problemType) - PROBLEM_TYPES.indexOf(b.problemType),
    );
  const totals = new Map<
    number,
    { received: number; backlog: number; completed: number; met: number; timed: number }
  >();
  for (const g of counted) {
    const t = totals.get(g.companyId) ?? { received: 0, backlog: 0, completed: 0, met: 0, timed: 0 };
    t.received += g.received;
    t.backlog += g.backlog;
    t.completed += g.completed;
    t.met += g.met;
    t.timed += g.timed;
    totals.set(g.companyId, t);
  }
  const companies: Omit<TransparencyCompany, 'rank' | 'ratings' | 'averageScore'>[] = [];
  for (const [companyId, t] of totals) {
    const times = await overallRepairPercentiles(
      db,
      { scope: null, companyId, closedFrom: w.from, closedBefore: w.to },
      t.timed,
    );
    companies.push({ companyId, companyName: nameOf(companyId), ...figuresOf(t, times) });
  }
  // Satisfaction (decision 0050): the ratings given in the window, the mean shown only past the same kind of minimum.
  const satisfaction = new Map((await ratingsByCompany(db, w)).map((r) => [r.companyId, r]));
  return {
    windowDays: w.days,
    from: w.from,
    to: w.to,
    computedAt,
    rankingMinCompleted: RANKING_MIN_COMPLETED,
    satisfactionMinRatings: SATISFACTION_MIN_RATINGS,
    companies: rankCompanies(companies).map((c) => {
      const rated = satisfaction.get(c.companyId);
      const count = rated?.count ?? 0;
      return {
        ...c,
        ratings: count,
        averageScore: rated && count >= SATISFACTION_MIN_RATINGS ? Math.round(rated.average * 100) / 100 : null,
      };
    }),
    rows,
  };
}
