// "Already reported nearby" at scale (issue 22), part of `npm run bench` (alone: `--only
// nearby`): seeds N requests (1,000,000) with the seeder `npm run bench` uses, times the
// nearby read (50 m, and with a pole) at the places of random requests, through the service
// and through HTTP to the built server, and EXPLAINs its statements. Target: p95 < 30 ms.

import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { findOpenNearby } from '../apps/api/src/core/followers/nearby.service.ts';
import { createDatabase, type Db } from '../apps/api/src/db/database.ts';
import {
  Capture,
  openDatabase,
  type PolesOptions,
  percentiles,
  plansOf,
  random,
  startServer,
  stopServer,
  type Timing,
  waitForHttp,
} from './poles.ts';

export interface NearbyOptions {
  engine: 'sqlite' | 'postgres';
  requests: number;
  samples: number;
  port: number;
  pgAdminUrl: string;
  root: string;
  log: (text: string) => void;
  /**
   * A database seeded earlier by the same seeder (`npm run db:seed -- --requests N --seed 1`):
   * migrated to the latest migration and used instead of seeding (not dropped after).
   */
  reuse?: string;
}

export interface NearbyResult {
  engine: string;
  requests: number;
  open: number;
  /** Null: a database seeded earlier was reused (`--reuse-sqlite` / `--reuse-postgres`). */
  seedSeconds: number | null;
  /**
   * `cpu`: the process's CPU time per service call (user + system), which waiting for a core on a
   * shared machine does not inflate; on SQLite that is the whole call, on PostgreSQL the client's share.
   */
  rows: { what: string; answer: string; service: Timing; cpu: Timing; http: Timing }[];
  /** PostgreSQL: the box statement's own execution time (EXPLAIN ANALYZE) at every place. */
  execution: Timing | null;
  explain: { what: string; sql: string; plan: string }[];
}

/**
 * Seeds `options.requests` requests into the migrated database at `url` with the seeder of
 * `npm run db:seed` (seed 1: the same set each run), then refreshes the planner's statistics;
 * answers the seconds it took. The open-data bench (bench/open-data.ts) seeds through it too.
 */
export async function seedBenchRequests(
  options: Pick<NearbyOptions, 'engine' | 'requests' | 'root' | 'reuse'>,
  db: Db,
  url: string,
  dir: string,
  log: (line: string) => void,
): Promise<number | null> {
  const started = performance.now();
  // A database seeded earlier (`--reuse-…`) is only migrated: its seed time is not this run's.
  const [script, what] = options.reuse
    ? (['apps/api/src/db/migrate-cli.ts', 'migrating the seeded database'] as const)
    : (['apps/api/src/db/seed-cli.ts', `seeding ${options.requests.toLocaleString('en')} requests`] as const);
  log(`\n[${options.engine}] ${what}…`);
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', script, ...(options.reuse ? [] : ['--requests', String(options.requests), '--seed', '1'])],
    { cwd: options.root, env: { ...process.env, DATABASE_URL: url, DATA_DIR: dir }, stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error(`${what} failed`);
  const seconds = options.reuse ? null : (performance.now() - started) / 1000;
  await db.executeQuery(CompiledQuery.raw(options.engine === 'postgres' ? 'vacuum analyze' : 'analyze'));
  return seconds;
}

export async function benchNearby(options: NearbyOptions): Promise<NearbyResult> {
  const { engine, log } = options;
  const asPoles: PolesOptions = { ...options, poles: 0 };
  const dir = mkdtempSync(join(tmpdir(), `acende-bench-nearby-${engine}-`));
  const { url, drop } = options.reuse ? { url: options.reuse, drop: async () => {} } : await openDatabase(asPoles, dir);
  let server: ChildProcess | undefined;
  const db = createDatabase(url, { poolSize: 2 });
  try {
    const seedSeconds = await seedBenchRequests(options, db, url, dir, log);
    const open = Number(
      (
        await db
          .selectFrom('repairRequests')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', 'in', ['open', 'in_progress'])
          .executeTakeFirstOrThrow()
      ).n,
    );

    // A citizen stands where requests are: the places of random requests, a few metres off.
    const next = random(11);
    const maxId = Number(
      (
        await db
          .selectFrom('repairRequests')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );
    const ids = Array.from({ length: options.samples }, () => 1 + Math.floor(next() * maxId));
    const places = (
      await db.selectFrom('repairRequests').select(['latitude', 'longitude']).where('id', 'in', ids).execute()
    ).map((r) => ({ lat: Number(r.latitude) + (next() - 0.5) * 0.0002, lng: Number(r.longitude) }));
    const anyPole = await db.selectFrom('poles').select('id').limit(1).executeTakeFirst();
    const cases: [string, number | null][] = [['50 m', null]];
    if (anyPole) cases.push(['50 m and a pole', anyPole.id]);

    const rows: NearbyResult['rows'] = [];
    const serviceTimes = new Map<string, { timing: Timing; cpu: Timing; answer: string }>();
    for (const [what, poleId] of cases) {
      const times: number[] = [];
      const cpu: number[] = [];
      let found = 0;
      for (let i = -3; i < places.length; i++) {
        const p = places[Math.max(0, i)] as { lat: number; lng: number };
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const items = await findOpenNearby(db, { ...p, radius: 50, poleId, scope: null, max: 5 });
        if (i >= 0) {
          times.push(performance.now() - t0);
          const used = process.cpuUsage(c0);
          cpu.push((used.user + used.system) / 1000);
          found += items.length;
        }
      }
      serviceTimes.set(what, {
        timing: percentiles(times),
        cpu: percentiles(cpu),
        answer: `${(found / places.length).toFixed(1)} requests`,
      });
    }

    server = startServer(asPoles, url, dir);
    const base = `http://127.0.0.1:${options.port}`;
    await waitForHttp(`${base}/api/health`);
    for (const [what, poleId] of cases) {
      log(`[${engine}] nearby over HTTP: ${what}`);
      const times: number[] = [];
      for (let i = -3; i < places.length; i++) {
        const p = places[Math.max(0, i)] as { lat: number; lng: number };
        const t0 = performance.now();
        const res = await fetch(
          `${base}/api/repair-requests/nearby?lat=${p.lat.toFixed(6)}&lng=${p.lng.toFixed(6)}${poleId ? `&pole=${poleId}` : ''}`,
        );
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`nearby answered ${res.status}`);
        if (i >= 0) times.push(performance.now() - t0);
      }
      const measured = serviceTimes.get(what) as { timing: Timing; cpu: Timing; answer: string };
      rows.push({
        what,
        answer: measured.answer,
        service: measured.timing,
        cpu: measured.cpu,
        http: percentiles(times),
      });
    }
    await stopServer(server);
    server = undefined;

    const explain: NearbyResult['explain'] = [];
    const capture = new Capture();
    const place = places[0] as { lat: number; lng: number };
    await findOpenNearby(db.withPlugin(capture), {
      ...place,
      radius: 50,
      poleId: anyPole?.id ?? 1,
      scope: null,
      max: 5,
    });
    for (const { sql, parameters, plan } of await plansOf(db, engine, capture)) {
      explain.push({ what: 'nearby', sql: `${sql}\n-- ${JSON.stringify(parameters)}`, plan });
    }
    let execution: Timing | null = null;
    if (engine === 'postgres') {
      const executions: number[] = [];
      for (const p of places) {
        const each = new Capture();
        await findOpenNearby(db.withPlugin(each), { ...p, radius: 50, poleId: null, scope: null, max: 5 });
        const compiled = db.getExecutor().compileQuery(each.nodes[0] as never, { queryId: 'plan' } as never);
        const result = await db.executeQuery(
          CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
        );
        const [plan] = (result.rows[0] as { 'QUERY PLAN': { 'Execution Time': number }[] })['QUERY PLAN'];
        executions.push(plan?.['Execution Time'] ?? Number.NaN);
      }
      execution = percentiles(executions);
    }
    const requests = options.reuse
      ? Number(
          (
            await db
              .selectFrom('repairRequests')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      : options.requests;
    return { engine, requests, open, seedSeconds, rows, explain, execution };
  } finally {
    if (server) await stopServer(server);
    await db.destroy();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const f1 = (n: number) => n.toFixed(1);

export function nearbyReport(results: NearbyResult[], samples: number): string {
  const lines: string[] = ['## Already reported nearby (issue 22)', ''];
  lines.push(
    `${new Date().toISOString()} · ${samples} places per row (random requests' places, up to 11 m off), one client, sequential · Node ${process.version} · load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores at the end. Target: p95 < 30 ms.`,
    '',
  );
  for (const r of results) {
    lines.push(`### ${r.engine}`, '');
    const seeded =
      r.seedSeconds === null
        ? 'seeded earlier by the same seeder (`--seed 1`) and reused'
        : `seeded in ${r.seedSeconds.toFixed(1)} s`;
    lines.push(
      `Seed: ${r.requests.toLocaleString('en')} requests (${r.open.toLocaleString('en')} open or in progress), ${seeded}.`,
      '',
    );
    lines.push(
      '| read | answer (mean) | service p50 ms | p95 | max | service CPU p50 ms | p95 | HTTP p50 ms | p95 | max | p95 < 30 ms |',
    );
    lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const row of r.rows) {
      const ok = row.http.p95 < 30 && row.service.p95 < 30;
      lines.push(
        `| ${row.what} | ${row.answer} | ${f1(row.service.p50)} | ${f1(row.service.p95)} | ${f1(row.service.max)} | ${f1(row.cpu.p50)} | ${f1(row.cpu.p95)} | ${f1(row.http.p50)} | ${f1(row.http.p95)} | ${f1(row.http.max)} | ${ok ? 'yes' : '**NO**'} |`,
      );
    }
    if (r.execution) {
      lines.push(
        '',
        `The box statement's own execution (EXPLAIN ANALYZE at every place): p50 ${r.execution.p50.toFixed(2)} ms, p95 ${r.execution.p95.toFixed(2)} ms, max ${r.execution.max.toFixed(2)} ms.`,
      );
    }
    lines.push('', '#### Query plans', '');
    for (const e of r.explain) lines.push('```', e.what, e.sql, '--', e.plan, '```', '');
  }
  return `${lines.join('\n')}\n`;
}
