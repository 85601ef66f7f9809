// The transparency page's figures over one window (decision 0037): what each energy company
// received, has open, completed and how fast, per problem type and in total. The figures
// come from the repair-time indexes (decision 0036), through computeFigures() alone.
import { PROBLEM_TYPES, type ProblemType } from '@acende/shared/enums';
import type { Transparency, TransparencyCompany, TransparencyRow } from '@acende/shared/schemas/transparency';
import { RANKING_MIN_COMPLETED } from '@acende/shared/transparency';
import type { Db } from '../../db/database.ts';
import {
  listRepairTimes,
  overallRepairPercentiles,
  type RepairTimesGroup,
} from '../repair-times/repair-times.repository.ts';

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
export function rankCompanies(companies: Omit<TransparencyCompany, 'rank'>[]): TransparencyCompany[] {
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
  const ranked: TransparencyCompany[] = [];
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
 * (decision 0036): one pass over the requests completed in the window (counts, within target,
 * exact median / p90 per group, and the open backlog), one over those filed in it (received),
 * and each company's own median / p90 over all its problem types.
 */
export async function computeFigures(db: Db, w: FigureWindow, computedAt: string): Promise<Transparency> {
  const closed = await listRepairTimes(db, { scope: null, closedFrom: w.from, closedBefore: w.to }, w.to);
  // Received needs the counts of the requests filed in the window, not their repair times.
  const filed = await listRepairTimes(db, { scope: null, createdFrom: w.from, createdBefore: w.to }, w.to, {
    countsOnly: true,
  });
  const names = await db.selectFrom('energyCompanies').select(['id', 'name']).execute();
  const nameOf = (id: number) => names.find((c) => c.id === id)?.name ?? String(id);
  const key = (g: { companyId: number; problemType: string }) => `${g.companyId}|${g.problemType}`;
  const received = new Map(filed.map((g) => [key(g), g.open + g.inProgress + g.completed + g.cancelled]));
  const groups = new Map<string, RepairTimesGroup>();
  for (const g of [...closed, ...filed]) if (!groups.has(key(g))) groups.set(key(g), g);
  const countsOf = (g: RepairTimesGroup) => {
    const done = closed.find((c) => key(c) === key(g));
    return {
      received: received.get(key(g)) ?? 0,
      backlog: g.open + g.inProgress,
      completed: done?.completed ?? 0,
      met: done?.completedWithinTarget ?? 0,
      timed: done?.timed ?? 0,
      medianSeconds: done?.medianSeconds ?? null,
      p90Seconds: done?.p90Seconds ?? null,
    };
  };
  const counted = [...groups.values()]
    .filter((g) => (PROBLEM_TYPES as readonly string[]).includes(g.problemType))
    .map((g) => ({ companyId: g.companyId, problemType: g.problemType as ProblemType, ...countsOf(g) }))
    .filter((g) => g.received + g.backlog + g.completed > 0);
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
  const companies: Omit<TransparencyCompany, 'rank'>[] = [];
  for (const [companyId, t] of totals) {
    const times = await overallRepairPercentiles(
      db,
      { scope: null, companyId, closedFrom: w.from, closedBefore: w.to },
      t.timed,
    );
    companies.push({ companyId, companyName: nameOf(companyId), ...figuresOf(t, times) });
  }
  return {
    windowDays: w.days,
    from: w.from,
    to: w.to,
    computedAt,
    rankingMinCompleted: RANKING_MIN_COMPLETED,
    companies: rankCompanies(companies),
    rows,
  };
}
