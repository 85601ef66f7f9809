// SQL of the crew report (issue 37): the stops of a period's work orders counted per crew and
// day, with the median time on site, in the database (a year of a large company is millions of
// stops). The median is exact and the same on both engines: the time on site in whole seconds,
// then the mean of the middle one or two by row_number() — no percentile function SQLite lacks.
import { type RawBuilder, sql } from 'kysely';
import { type Db, dialectOf } from '../../db/database.ts';

export interface CrewReportCriteria {
  /** The reader's company scope: null for every company. */
  scope: number[] | null;
  from: string;
  to: string;
  companyId?: number | undefined;
  crewId?: number | undefined;
}

/** finished_at − arrived_at in whole seconds (the columns hold ISO-8601 instants). */
function secondsOnSite(db: Db): RawBuilder<number> {
  return dialectOf(db) === 'postgres'
    ? sql`round(extract(epoch from (cast(s.finished_at as timestamptz) - cast(s.arrived_at as timestamptz))))`
    : sql`round((julianday(s.finished_at) - julianday(s.arrived_at)) * 86400)`;
}

/**
 * Every stop the period's crews worked, one row each: the crew, the day, the outcome, whether
 * it was fixed at the first visit (no earlier 'not_possible' stop of its request in another
 * work order), and the seconds on site when both times are known. A cancelled order's stops
 * count only when the crew recorded an outcome there.
 */
function visits(db: Db, c: CrewReportCriteria): RawBuilder<unknown> {
  const where = [sql`w.day >= ${c.from}`, sql`w.day <= ${c.to}`];
  if (c.scope) where.push(c.scope.length ? sql`w.company_id in (${sql.join(c.scope)})` : sql`1 = 0`);
  if (c.companyId !== undefined) where.push(sql`w.company_id = ${c.companyId}`);
  if (c.crewId !== undefined) where.push(sql`w.crew_id = ${c.crewId}`);
  const seconds = secondsOnSite(db);
  return sql`select w.crew_id, w.day, s.outcome,
      case when s.outcome = 'fixed' and not exists (
        select 1 from work_order_stops p join work_orders pw on pw.id = p.work_order_id
        where p.request_id = s.request_id and p.work_order_id <> s.work_order_id and p.outcome = 'not_possible'
          and (pw.day < w.day or (pw.day = w.day and p.finished_at < s.finished_at))
      ) then 1 else 0 end as first_visit,
      case when s.arrived_at is not null and s.finished_at is not null and ${seconds} >= 0 then ${seconds} end as seconds
    from work_orders w join work_order_stops s on s.work_order_id = w.id
    where ${sql.join(where, sql` and `)} and (w.state <> 'cancelled' or s.outcome is not null)`;
}

const FIGURES = sql`count(*) as stops,
  sum(case when outcome = 'fixed' then 1 else 0 end) as fixed,
  sum(first_visit) as fixed_first_visit,
  sum(case when outcome = 'not_possible' then 1 else 0 end) as not_possible`;

/** The middle one or two of n ranks (1-based): 2·rank within [n, n + 2]. */
const MEDIAN = sql`avg(case when seconds is not null and 2 * rank_in >= timed and 2 * rank_in <= timed + 2 then seconds end) as median_seconds`;

/** Ranks the visits by seconds on site within `partition` (nulls last on both engines). */
function ranked(db: Db, c: CrewReportCriteria, partition: RawBuilder<unknown>) {
  return sql`select v.*,
      row_number() over (${partition} order by case when seconds is null then 1 else 0 end, seconds) as rank_in,
      count(seconds) over (${partition}) as timed
    from (${visits(db, c)}) v`;
}

export interface FiguresRow {
  stops: number | string;
  fixed: number | string | null;
  fixedFirstVisit: number | string | null;
  notPossible: number | string | null;
  medianSeconds: number | string | null;
}

/** Per crew and day (one read): the counts and the median seconds on site. */
export async function crewDayFigures(db: Db, c: CrewReportCriteria) {
  const result = await sql<FiguresRow & { crewId: number; day: string }>`select crew_id, day, ${FIGURES}, ${MEDIAN}
    from (${ranked(db, c, sql`partition by crew_id, day`)}) r group by crew_id, day`.execute(db);
  return result.rows;
}

/** Per crew over the whole period. */
export async function crewFigures(db: Db, c: CrewReportCriteria) {
  const result = await sql<FiguresRow & { crewId: number }>`select crew_id, ${FIGURES}, ${MEDIAN}
    from (${ranked(db, c, sql`partition by crew_id`)}) r group by crew_id`.execute(db);
  return result.rows;
}

/** Every crew of the criteria together. */
export async function totalFigures(db: Db, c: CrewReportCriteria): Promise<FiguresRow | undefined> {
  const result = await sql<FiguresRow>`select ${FIGURES}, ${MEDIAN} from (${ranked(db, c, sql``)}) r`.execute(db);
  return result.rows[0];
}

/** The names of the crews the figures name, with their company's. */
export function crewNames(db: Db, ids: number[]) {
  return db
    .selectFrom('crews as c')
    .innerJoin('energyCompanies as e', 'e.id', 'c.companyId')
    .select(['c.id', 'c.name', 'e.name as companyName'])
    .where('c.id', 'in', ids.length > 0 ? ids : [0])
    .execute();
}
