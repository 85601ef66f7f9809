// The transparency figures at scale (issue 25, decision 0037), `npm run bench -- --only
// transparency`: seeds N requests (1,000,000) with the seeder the nearby bench uses, times the
// figures of each window computed cold (computeFigures, no cache) and over HTTP from the built
// server (the first call of a fresh server: cold; then the cached answer), and EXPLAINs the
// figures' statements. Targets: cold < 1 s, cached < 50 ms.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRANSPARENCY_WINDOWS } from '@acende/shared/transparency';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { computeFigures } from '../apps/api/src/features/transparency/transparency.figures.ts';
import { type NearbyOptions, seedBenchRequests } from './nearby.ts';
import {
  Capture,
  openDatabase,
  type PolesOptions,
  percentiles,
  plansOf,
  startServer,
  stopServer,
  type Timing,
  waitForHttp,
} from './poles.ts';

/** The nearby bench's options: same seeding, same `--reuse-…` databases. */
export type TransparencyOptions = NearbyOptions;

export interface TransparencyResult {
  engine: string;
  requests: number;
  /** Null: the database was seeded earlier and reused. */
  seedSeconds: number | null;
  /** The 1, 5 and 15 minute load averages when the timings began. */
  load: number[];
  rows: { days: number; groups: number; cold: Timing; httpCold: number; cached: Timing }[];
  explain: { what: string; sql: string; plan: string }[];
}

const DAY = 86_400_000;
const COLD_RUNS = 3;

export async function benchTransparency(options: TransparencyOptions): Promise<TransparencyResult> {
  const { engine, log } = options;
  const asPoles: PolesOptions = { ...options, poles: 0 };
  const dir = mkdtempSync(join(tmpdir(), `acende-bench-transparency-${engine}-`));
  const { url, drop } = options.reuse ? { url: options.reuse, drop: async () => {} } : await openDatabase(asPoles, dir);
  let server: ChildProcess | undefined;
  const db = createDatabase(url, { poolSize: 4 });
  try {
    const seedSeconds = await seedBenchRequests(options, db, url, dir, log);
    const load = loadavg();
    const windowOf = (days: number) => {
      const to = new Date().toISOString();
      return { days, from: new Date(Date.parse(to) - days * DAY).toISOString(), to };
    };

    const cold = new Map<number, { timing: Timing; groups: number }>();
    for (const days of TRANSPARENCY_WINDOWS) {
      log(`[${engine}] figures of ${days} days, cold`);
      const times: number[] = [];
      let groups = 0;
      for (let i = 0; i < COLD_RUNS; i++) {
        const w = windowOf(days);
        const t0 = performance.now();
        const figures = await computeFigures(db, w, w.to);
        times.push(performance.now() - t0);
        groups = figures.rows.length;
      }
      cold.set(days, { timing: percentiles(times), groups });
    }

    // A reused database may hold figures cached by an earlier run: the first call must compute.
    await db.deleteFrom('transparencyCache').execute();
    server = startServer(asPoles, url, dir);
    const base = `http://127.0.0.1:${options.port}`;
    await waitForHttp(`${base}/api/health`);
    const rows: TransparencyResult['rows'] = [];
    for (const days of TRANSPARENCY_WINDOWS) {
      log(`[${engine}] figures of ${days} days over HTTP`);
      const get = async () => {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/transparency?window=${days}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`transparency answered ${res.status}`);
        return performance.now() - t0;
      };
      // A fresh server and no cache row yet: the first call computes.
      const httpCold = await get();
      const times: number[] = [];
      for (let i = 0; i < options.samples; i++) times.push(await get());
      const measured = cold.get(days) as { timing: Timing; groups: number };
      rows.push({ days, groups: measured.groups, cold: measured.timing, httpCold, cached: percentiles(times) });
    }
    await stopServer(server);
    server = undefined;

    const explain: TransparencyResult['explain'] = [];
    const capture = new Capture();
    const w = windowOf(365);
    await computeFigures(db.withPlugin(capture), w, w.to);
    for (const { sql, parameters, plan } of await plansOf(db, engine, capture)) {
      explain.push({ what: 'figures of 365 days', sql: `${sql}\n-- ${JSON.stringify(parameters)}`, plan });
    }
    return { engine, requests: options.requests, seedSeconds, load, rows, explain };
  } finally {
    if (server) await stopServer(server);
    await db.destroy();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const f1 = (n: number) => n.toFixed(1);
const mark = (ok: boolean) => (ok ? 'yes' : '**NO**');

export function transparencyReport(results: TransparencyResult[], samples: number): string {
  const lines: string[] = ['# Acende benchmark: the transparency figures (issue 25)', ''];
  lines.push(
    `${new Date().toISOString()} · cold: computeFigures without the cache, ${COLD_RUNS} runs per window; HTTP cold: the first call of a fresh built server; cached: ${samples} sequential GETs after it · Node ${process.version}. Targets: cold < 1 s, cached < 50 ms.`,
    '',
  );
  for (const r of results) {
    lines.push(`## ${r.engine}`, '');
    const seed =
      r.seedSeconds === null
        ? 'seeded earlier by the same seeder (`--seed 1`) and reused'
        : `seeded in ${r.seedSeconds.toFixed(1)} s`;
    lines.push(
      `Seed: ${r.requests.toLocaleString('en')} requests, ${seed}. Load average when the timings began: ${r.load.map((n) => n.toFixed(2)).join(', ')}.`,
      '',
    );
    lines.push(
      '| window | company × type rows | cold p50 ms | cold max ms | HTTP cold ms | cached p50 ms | cached p95 ms | cold < 1 s | cached < 50 ms |',
      '|---|---:|---:|---:|---:|---:|---:|---|---|',
    );
    for (const row of r.rows) {
      lines.push(
        `| ${row.days} days | ${row.groups} | ${f1(row.cold.p50)} | ${f1(row.cold.max)} | ${f1(row.httpCold)} | ${f1(row.cached.p50)} | ${f1(row.cached.p95)} | ${mark(row.cold.max < 1000 && row.httpCold < 1000)} | ${mark(row.cached.p95 < 50)} |`,
      );
    }
    lines.push('', '### Query plans', '');
    for (const e of r.explain) lines.push('```', e.what, e.sql, '--', e.plan, '```', '');
  }
  return `${lines.join('\n')}\n`;
}
