// The transparency page's figures over one window (decision 0037): what each energy company
// received, has open, completed and how fast, per problem type and in total. The SQL lives
// here alone so that a faster way to the same figures can replace it behind computeFigures().
import { PROBLEM_TYPES, type ProblemType } from '@acende/shared/enums';
import type { Transparency, TransparencyCompany, TransparencyRow } from '@acende/shared/schemas/transparency';
import { RANKING_MIN_COMPLETED } from '@acende/shared/transparency';
import { sql } from 'kysely';
import { type Db, dialectOf } from '../../db/database.ts';

export interface FigureWindow {
  days: number;
  /** ISO instants: the window is [from, to). */
  from: string;
  to: string;
}

type Figures = Omit<TransparencyRow, 'companyId' | 'companyName' | 'problemType'>;

/** Seconds from filing to completion (closed_at is written when a request is completed). */
function repairSeconds(db: Db) {
  const closed = sql.ref('closedAt');
  const created = sql.ref('createdAt');
  return dialectOf(db) === 'postgres'
    ? sql<number>`extract(epoch from (cast(${closed} as timestamptz) - cast(${created} as timestamptz)))`
    : sql<number>`(julianday(${closed}) - julianday(${created})) * 86400.0`;
}

/** Counts per company and problem type: received in the window, open now, completed in it and by the due time. */
async function countGroups(db: Db, w: FigureWindow) {
  const created = sql.ref('createdAt');
  const closed = sql.ref('closedAt');
  const status = sql.ref('status');
  const inWindow = (column: typeof created) => sql`${column} >= ${w.from} and ${column} < ${w.to}`;
  const done = sql`${status} = 'completed' and ${inWindow(closed)}`;
  const rows = await db
    .selectFrom('repairRequests')
    .select([
      'companyId',
      'problemType',
      sql<number | string>`sum(case when ${inWindow(created)} then 1 else 0 end)`.as('received'),
      sql<number | string>`sum(case when ${status} in ('open', 'in_progress') then 1 else 0 end)`.as('backlog'),
      sql<number | string>`sum(case when ${done} then 1 else 0 end)`.as('completed'),
      sql<number | string>`sum(case when ${done} and ${closed} <= ${sql.ref('dueAt')} then 1 else 0 end)`.as('met'),
    ])
    .where(sql<boolean>`(${inWindow(created)} or ${status} in ('open', 'in_progress') or (${done}))`)
    .groupBy(['companyId', 'problemType'])
    .execute();
  return rows.map((r) => ({
    companyId: r.companyId,
    problemType: r.problemType,
    received: Number(r.received),
    backlog: Number(r.backlog),
    completed: Number(r.completed),
    met: Number(r.met),
  }));
}

/**
 * The median and p90 time to repair of the requests completed in the window, per company and
 * problem type and per company: the engine ranks the durations of each group and returns only
 * the ranks floor((n−1)p) and ceil((n−1)p) (as the SLA report does, decision 0029); Node
 * interpolates between them.
 */
async function percentileRanks(db: Db, w: FigureWindow, byType: boolean) {
  const group = byType
    ? sql`partition by ${sql.ref('companyId')}, ${sql.ref('problemType')}`
    : sql`partition by ${sql.ref('companyId')}`;
  const i = sql.ref('i');
  const n = sql.ref('n');
  const rows = await db
    .with('durations', (qb) =>
      qb
        .selectFrom('repairRequests')
        .select(['companyId', 'problemType', repairSeconds(db).as('seconds')])
        .where('status', '=', 'completed')
        .where('closedAt', '>=', w.from)
        .where('closedAt', '<', w.to),
    )
    .with('ranked', (qb) =>
      qb
        .selectFrom('durations')
        .select([
          'companyId',
          'problemType',
          'seconds',
          sql<number | string>`row_number() over (${group} order by ${sql.ref('seconds')}) - 1`.as('i'),
          sql<number | string>`count(*) over (${group})`.as('n'),
        ]),
    )
    .selectFrom('ranked')
    .select(['companyId', 'problemType', 'seconds', 'i', 'n'])
    .where(
      sql<boolean>`${i} in ((${n} - 1) * 5 / 10, ((${n} - 1) * 5 + 9) / 10, (${n} - 1) * 9 / 10, ((${n} - 1) * 9 + 9) / 10)`,
    )
    .execute();
  // Keyed by company (and type): rank → seconds, and the group's size.
  const groups = new Map<string, { n: number; at: Map<number, number> }>();
  for (const r of rows) {
    const key = byType ? `${r.companyId}:${r.problemType}` : String(r.companyId);
    const g = groups.get(key) ?? { n: Number(r.n), at: new Map<number, number>() };
    g.at.set(Number(r.i), Number(r.seconds));
    groups.set(key, g);
  }
  const value = (key: string, p: number): number | null => {
    const g = groups.get(key);
    if (!g) return null;
    const position = (g.n - 1) * p;
    const lo = g.at.get(Math.floor(position)) as number;
    const hi = g.at.get(Math.ceil(position)) as number;
    return Math.round(lo + (hi - lo) * (position - Math.floor(position)));
  };
  return (key: string) => ({ medianSeconds: value(key, 0.5), p90Seconds: value(key, 0.9) });
}

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

/** Every figure of the page for one window, computed now. */
export async function computeFigures(db: Db, w: FigureWindow, computedAt: string): Promise<Transparency> {
  const [allGroups, byType, byCompany, names] = await Promise.all([
    countGroups(db, w),
    percentileRanks(db, w, true),
    percentileRanks(db, w, false),
    db.selectFrom('energyCompanies').select(['id', 'name']).execute(),
  ]);
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const groups = allGroups.filter((g) => (PROBLEM_TYPES as readonly string[]).includes(g.problemType));
  const rows: TransparencyRow[] = groups
    .map((g) => ({
      companyId: g.companyId,
      companyName: nameOf.get(g.companyId) ?? String(g.companyId),
      problemType: g.problemType as ProblemType,
      ...figuresOf(g, byType(`${g.companyId}:${g.problemType}`)),
    }))
    .sort(
      (a, b) =>
        a.companyName.localeCompare(b.companyName, 'pt') ||
        PROBLEM_TYPES.indexOf(a.problemType) - PROBLEM_TYPES.indexOf(b.problemType),
    );
  const totals = new Map<number, { received: number; backlog: number; completed: number; met: number }>();
  for (const g of groups) {
    const t = totals.get(g.companyId) ?? { received: 0, backlog: 0, completed: 0, met: 0 };
    t.received += g.received;
    t.backlog += g.backlog;
    t.completed += g.completed;
    t.met += g.met;
    totals.set(g.companyId, t);
  }
  const companies = rankCompanies(
    [...totals].map(([companyId, t]) => ({
      companyId,
      companyName: nameOf.get(companyId) ?? String(companyId),
      ...figuresOf(t, byCompany(String(companyId))),
    })),
  );
  return {
    windowDays: w.days,
    from: w.from,
    to: w.to,
    computedAt,
    rankingMinCompleted: RANKING_MIN_COMPLETED,
    companies,
    rows,
  };
}
