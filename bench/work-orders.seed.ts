// The field bench's data (bench/work-orders.ts): one company's crews and their accounts, today's
// work orders over open requests, and a year of finished work orders written set-based in SQL
// (generate_series on PostgreSQL, a recursive CTE on SQLite) so a year of history takes seconds.
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../apps/api/src/db/database.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

export interface SeededDay {
  day: string;
  tomorrow: string;
  companyId: number;
  crews: { id: number; username: string }[];
  /** Sets of 50 open requests in no work order, for the ordering samples. */
  spareSets: number[][];
  materialId: number | null;
}

interface Shape {
  engine: 'sqlite' | 'postgres';
  crews: number;
  stops: number;
  days: number;
}

const dayOf = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const SPARE_SETS = 20;
const SPARE_SIZE = 50;

export async function insertToday(db: Db, shape: Shape, password: string): Promise<SeededDay> {
  const now = new Date().toISOString();
  const day = dayOf(0);
  const company = await db.selectFrom('energyCompanies').select('id').orderBy('id').executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(password);
  const material = await db
    .insertInto('materials')
    .values({ companyId: company.id, name: 'Lâmpada LED 100 W', unit: 'un', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('admins')
    .values({
      username: 'bench-supervisor',
      passwordHash,
      name: 'Supervisão',
      email: null,
      role: 'admin',
      createdAt: now,
      updatedAt: now,
      resetTokenHash: null,
      resetTokenExpiry: null,
    })
    .execute();
  const crews: SeededDay['crews'] = [];
  for (let i = 1; i <= shape.crews; i++) {
    const name = `Equipe ${String(i).padStart(3, '0')}`;
    const crew = await db
      .insertInto('crews')
      .values({ companyId: company.id, name, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const username = `crew-${String(i).padStart(3, '0')}`;
    const account = await db
      .insertInto('admins')
      .values({
        username,
        passwordHash,
        name,
        email: null,
        role: 'crew',
        crewId: crew.id,
        createdAt: now,
        updatedAt: now,
        resetTokenHash: null,
        resetTokenExpiry: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('adminCompanies')
      .values({ adminId: account.id, companyId: company.id, createdAt: now })
      .execute();
    crews.push({ id: crew.id, username });
  }
  // Today's stops and the spare sets: the newest requests, made open requests of the company.
  const wanted = shape.crews * shape.stops + SPARE_SETS * SPARE_SIZE;
  const ids = (await db.selectFrom('repairRequests').select('id').orderBy('id', 'desc').limit(wanted).execute()).map(
    (r) => r.id,
  );
  if (ids.length < wanted) throw new Error(`the bench needs ${wanted} requests; seed more`);
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .updateTable('repairRequests')
      // Filed before the day began, as a day's work is: a crew's time may not come before the filing.
      .set({
        companyId: company.id,
        status: 'open',
        closedAt: null,
        poleId: null,
        duplicateOfId: null,
        createdAt: `${dayOf(-1)}T12:00:00.000Z`,
      })
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
  }
  for (const [c, crew] of crews.entries()) {
    const order = await db
      .insertInto('workOrders')
      .values({
        companyId: company.id,
        crewId: crew.id,
        day,
        createdAt: now,
        updatedAt: now,
        startLat: null,
        startLng: null,
        createdById: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mine = ids.slice(c * shape.stops, (c + 1) * shape.stops);
    await db
      .insertInto('workOrderStops')
      .values(
        mine.map((requestId, p) => ({ workOrderId: order.id, requestId, position: p + 1, openRequestId: requestId })),
      )
      .execute();
  }
  const spare = ids.slice(shape.crews * shape.stops);
  const spareSets = Array.from({ length: SPARE_SETS }, (_, i) => spare.slice(i * SPARE_SIZE, (i + 1) * SPARE_SIZE));
  return { day, tomorrow: dayOf(1), companyId: company.id, crews, spareSets, materialId: material.id };
}

/** A year of finished work orders before today: every crew, every day, `stops` fixed stops each. */
export async function insertHistory(
  db: Db,
  seeded: SeededDay,
  shape: Shape,
  log: (t: string) => void,
): Promise<{ workOrders: number; stops: number }> {
  const range = await db
    .selectFrom('repairRequests')
    .select((eb) => [eb.fn.min('id').as('low'), eb.fn.max('id').as('high'), eb.fn.countAll().as('n')])
    .executeTakeFirstOrThrow();
  const low = Number(range.low);
  const count = Number(range.n);
  if (Number(range.high) - low + 1 !== count)
    throw new Error('the bench expects the seeded requests numbered without gaps');
  const pg = shape.engine === 'postgres';
  const days = shape.days - 1;
  const dayExpr = pg
    ? sql`to_char(${seeded.day}::date - d, 'YYYY-MM-DD')`
    : sql`date(${seeded.day}, '-' || d || ' days')`;
  const series = pg
    ? sql`generate_series(1, ${sql.lit(days)}) as d`
    : sql`(with recursive s(d) as (select 1 union all select d + 1 from s where d < ${sql.lit(days)}) select d from s)`;
  log(`  ${(days * shape.crews).toLocaleString('en')} past work orders…`);
  await sql`
    insert into work_orders (company_id, crew_id, day, state, overdue_first, route_metres, created_at, updated_at, done_at)
    select ${seeded.companyId}, c.id, ${dayExpr}, 'done', 0, 12000, ${seeded.day}, ${seeded.day}, ${seeded.day}
    from crews c cross join ${series}
    where c.company_id = ${seeded.companyId}`.execute(db);
  const positions = pg
    ? sql`generate_series(1, ${sql.lit(shape.stops)}) as p`
    : sql`(with recursive s(p) as (select 1 union all select p + 1 from s where p < ${sql.lit(shape.stops)}) select p from s)`;
  const hour = pg ? sql`lpad((7 + p / 3)::text, 2, '0')` : sql`printf('%02d', 7 + p / 3)`;
  log(`  ${(days * shape.crews * shape.stops).toLocaleString('en')} past stops…`);
  await sql`
    insert into work_order_stops (work_order_id, request_id, position, arrived_at, finished_at, outcome)
    select w.id, ${sql.lit(low)} + ((w.id * ${sql.lit(shape.stops)} + p) % ${sql.lit(count)}), p,
      w.day || 'T' || ${hour} || ':05:00.000Z', w.day || 'T' || ${hour} || ':35:00.000Z',
      case when p % 10 = 0 then 'not_possible' else 'fixed' end
    from work_orders w cross join ${positions}
    where w.day < ${seeded.day}`.execute(db);
  await db.executeQuery(CompiledQuery.raw(pg ? 'analyze work_orders; analyze work_order_stops' : 'analyze'));
  return { workOrders: days * shape.crews + shape.crews, stops: (days * shape.crews + shape.crews) * shape.stops };
}
