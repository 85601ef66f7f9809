// `npm run bench:filing-statements`: PostgreSQL's side of a filing alone (issue 40). The hot
// path's own batch statement (hot-path/request-statements.ts) files 20,000 varied requests
// (bench/filings.ts) straight through the pool, with no HTTP server and no load generator on the
// cores, at several batch sizes and numbers of batches at once; then the search upkeep indexes
// what they queued (migration 0052), timed on its own. What a row costs in the database, and
// what a statement costs besides its rows, come out apart: the HTTP bench cannot tell them on a
// machine where Node is the bottleneck.
// Writes bench/results/filing-statements-latest.md. Not a timed test: figures depend on the machine.
// BENCH_FILINGS changes the number of filings per run; BENCH_RUNS the runs per setting.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { indexOnTimer } from '../apps/api/src/db/search-upkeep.ts';
import { seedExampleCompanies } from '../apps/api/src/db/seed.ts';
import { rawHandles } from '../apps/api/src/hot-path/raw-handles.ts';
import {
  FILED_COLUMNS,
  type PublicRequestValues,
  requestStatements,
} from '../apps/api/src/hot-path/request-statements.ts';
import { createTestDatabase } from '../apps/api/test/test-databases.ts';
import { filedValues } from './filings.ts';

const FILINGS = Number(process.env.BENCH_FILINGS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
/** [batches at once, filings per batch]: the hot path's batcher under 50 connections makes about 50 / batches. */
const SETTINGS: [number, number][] = process.env.BENCH_SETTING
  ? [process.env.BENCH_SETTING.split('x').map(Number) as [number, number]]
  : [
      [4, 12],
      [2, 24],
      [1, 48],
      [4, 48],
    ];

async function main() {
  const database = await createTestDatabase('postgres');
  const db = createDatabase(database.url);
  try {
    await migrateToLatest(db);
    await seedExampleCompanies(db, new Date().toISOString());
    // BENCH_ALTER: SQL run after the migrations, to weigh a part of the schema by taking it away.
    if (process.env.BENCH_ALTER) await sql.raw(process.env.BENCH_ALTER).execute(db);
    const companyIds = (await db.selectFrom('energyCompanies').select('id').where('active', '=', 1).execute()).map(
      (c) => c.id,
    );
    const fileBatch = requestStatements(db).fileBatch;
    const raw = rawHandles(db);
    if (!fileBatch || raw.dialect !== 'postgres') throw new Error('PostgreSQL only');
    const pool = raw.pool;
    const values = filedValues(FILINGS, companyIds);

    /** The batch statement's parameters: one array per stored value, the i-th element the i-th filing's. */
    const batchValues = (jobs: PublicRequestValues[]) =>
      fileBatch.bind(Object.fromEntries(FILED_COLUMNS.map((column) => [column, jobs.map((job) => job[column])])));
    const rate = (started: bigint) => Math.round(values.length / (Number(process.hrtime.bigint() - started) / 1e9));
    /** Files every value in batches of `size`, `at` batches at once; rows per second, then the upkeep's. */
    const fileAll = async (at: number, size: number) => {
      await sql`truncate repair_requests restart identity cascade`.execute(db);
      await sql`truncate request_search_queue`.execute(db);
      await sql`checkpoint`.execute(db);
      let next = 0;
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: at }, async () => {
          while (next < values.length) {
            const jobs = values.slice(next, next + size);
            next += size;
            await pool.query({ name: fileBatch.name, text: fileBatch.sql, values: batchValues(jobs) });
          }
        }),
      );
      const filed = rate(started);
      const upkeep = process.hrtime.bigint();
      // The timer's rounds until the queue is empty.
      await indexOnTimer(db);
      return [filed, rate(upkeep)];
    };

    // Where one batch's time goes: PostgreSQL's own account of a batch of 24 (the hot path's
    // usual size under 50 connections), its triggers' times included, after 10,000 filed.
    const explainBatch = async () => {
      await sql`truncate repair_requests restart identity cascade`.execute(db);
      for (let at = 0; at < 10_000; at += 24) {
        const jobs = values.slice(at, Math.min(at + 24, 10_000));
        await pool.query({ name: fileBatch.name, text: fileBatch.sql, values: batchValues(jobs) });
      }
      const plan = await pool.query<{ 'QUERY PLAN': string }>({
        text: `explain (analyze, buffers, costs off) ${fileBatch.sql}`,
        values: batchValues(values.slice(10_000, 10_024)),
      });
      return plan.rows.map((row) => row['QUERY PLAN']);
    };
    const plan = process.env.BENCH_EXPLAIN === '0' ? [] : await explainBatch();
    console.log(plan.join('\n'));

    const rows: string[] = [];
    for (const [at, size] of SETTINGS) {
      const rates: number[][] = [];
      for (let run = 0; run < RUNS; run++) rates.push(await fileAll(at, size));
      const list = (i: number) => rates.map((r) => (r[i] as number).toLocaleString('en')).join(', ');
      const line = `| ${at} | ${size} | ${list(0)} | ${list(1)} |`;
      console.log(line);
      rows.push(line);
    }
    const report = [
      `<!-- npm run bench:filing-statements on ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}) -->`,
      '# PostgreSQL filing statements alone',
      '',
      `${FILINGS.toLocaleString('en')} varied filings through the hot path's batch statement, ${RUNS} runs per setting, rows per second:`,
      '',
      '| batches at once | filings per batch | filed rows/s | then indexed by the upkeep, rows/s |',
      '|---:|---:|---|---|',
      ...rows,
      '',
      'One batch of 24 after 10,000 filed, as PostgreSQL accounts for it (`explain (analyze, buffers)`, triggers included):',
      '',
      '```',
      ...plan,
      '```',
      '',
    ].join('\n');
    writeFileSync(join(import.meta.dirname, 'results', 'filing-statements-latest.md'), report);
    console.log('Written to bench/results/filing-statements-latest.md');
  } finally {
    await db.destroy();
    await database.drop();
  }
}

await main();
