// The query plans of the operators' request list for every sort and filter (issue 20):
// seeds N requests into a fresh database of each engine, runs each list read through the
// repository, EXPLAINs every statement it ran and prints the plan with its time.
// Usage: node --import tsx bench/list-plans.ts [--rows 1000000] [--engines sqlite,postgres]
//   [--filters none,pole,...] (the filter sets to run, by label; all by default)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db, dialectOf } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { EXAMPLE_COMPANIES } from '../apps/api/src/db/seed.ts';
import { seedRequests } from '../apps/api/src/db/seed-requests.ts';
import type { ListFilters } from '../apps/api/src/features/admin-requests/admin-requests.filters.ts';
import {
  type ListOrder,
  listRequests,
} from '../apps/api/src/features/admin-requests/admin-requests.list.repository.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] as string) : fallback;
};
const ROWS = Number(arg('rows', '1000000'));
const ENGINES = arg('engines', 'sqlite,postgres').split(',');
const FILTERS = arg('filters', '').split(',').filter(Boolean);
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

class Capture implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  transformQuery(args: { node: RootOperationNode }) {
    this.nodes.push(args.node);
    return args.node;
  }
  async transformResult<R>(args: { result: R }) {
    return args.result;
  }
}

const none: ListFilters = {
  q: undefined,
  status: undefined,
  problemType: undefined,
  companyId: undefined,
  assignedToId: undefined,
  pole: undefined,
  from: undefined,
  to: undefined,
};

async function open(engine: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'acende-plans-'));
    const db = createDatabase(`sqlite:${join(dir, 'plans.db')}`);
    return { db, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `acende_plans_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString());
  return {
    db,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function main() {
  for (const engine of ENGINES) {
    const { db, drop } = await open(engine);
    try {
      await migrateToLatest(db);
      const now = new Date();
      const stamp = now.toISOString();
      await db
        .insertInto('energyCompanies')
        .values(EXAMPLE_COMPANIES.map((c) => ({ ...c, active: 1, createdAt: stamp, updatedAt: stamp })))
        .execute();
      // Operators for the seed to assign requests to.
      await db
        .insertInto('admins')
        .values(
          ['rita', 'joao'].map((username) => ({
            username,
            passwordHash: 'x',
            name: username,
            email: null,
            role: 'user',
            createdAt: stamp,
            updatedAt: stamp,
          })),
        )
        .execute();
      await seedRequests(db, { count: ROWS, now, seed: 7 });
      // Poles (issue 21): three requests in ten name one of 100,000 poles (about three
      // requests a pole), and one pole in 500 rows' worth is a busy one (P-HOT, 0.2%).
      await db.executeQuery(
        CompiledQuery.raw(
          "update repair_requests set pole_number = case when id % 500 = 0 then 'P-HOT' else 'P-' || (id % 100000) end where id % 10 < 3 or id % 500 = 0",
        ),
      );
      if (dialectOf(db) === 'postgres') await db.executeQuery(CompiledQuery.raw('analyze'));
      else await db.executeQuery(CompiledQuery.raw('analyze'));
      const assignee = await db
        .selectFrom('repairRequests')
        .select('assignedToId')
        .where('assignedToId', 'is not', null)
        .limit(1)
        .executeTakeFirstOrThrow();
      const day = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
      const filterSets: [string, ListFilters][] = [
        ['none', none],
        ['company', { ...none, companyId: 2 }],
        ['assignee', { ...none, assignedToId: assignee.assignedToId as number }],
        ['dates', { ...none, from: day(60), to: day(30) }],
        ['company+status+dates', { ...none, companyId: 2, status: 'open', from: day(90), to: day(1) }],
        ['pole', { ...none, pole: 'P-4321' }],
        ['pole+status', { ...none, pole: 'P-4321', status: 'open' }],
        ['busy pole', { ...none, pole: 'P-HOT' }],
        ['busy pole+company', { ...none, pole: 'P-HOT', companyId: 2 }],
      ].filter(([label]) => FILTERS.length === 0 || FILTERS.includes(label as string)) as [string, ListFilters][];
      const orders: ListOrder[] = [];
      for (const sort of ['created', 'number', 'status', 'updated'] as const) {
        for (const dir of ['desc', 'asc'] as const) orders.push({ sort, dir });
      }
      console.log(`\n===== ${engine}, ${ROWS} rows =====`);
      for (const [label, filters] of filterSets) {
        for (const order of orders) {
          for (const page of [1, 50]) {
            const capture = new Capture();
            const traced = db.withPlugin(capture);
            const started = performance.now();
            await listRequests(traced, null, filters, order, page, 20);
            const ms = performance.now() - started;
            console.log(`\n--- ${label} · ${order.sort} ${order.dir} · page ${page}: ${ms.toFixed(1)} ms`);
            for (const node of capture.nodes) {
              const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' } as never);
              if (!/order by/i.test(compiled.sql)) continue;
              const explain = engine === 'sqlite' ? 'explain query plan ' : 'explain ';
              const plan = await db.executeQuery(
                CompiledQuery.raw(`${explain}${compiled.sql}`, compiled.parameters as unknown[]),
              );
              for (const row of plan.rows as Record<string, unknown>[]) {
                console.log(`  ${String(row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row))}`);
              }
            }
          }
        }
      }
    } finally {
      await db.destroy();
      await drop();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
