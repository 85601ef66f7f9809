// The open-data feed at scale (issue 25), part of `npm run bench` (alone: `--only open-data`):
// seeds N requests (1,000,000) through the nearby bench's seeding, starts the built server and
// times the first byte of /api/open-data/requests.csv and .geojson cold (the first call of a
// freshly started server) and again (repeat calls: the same path, nothing cached but the
// database's pages), the 304 of a conditional GET, and one whole file: its time, size, the
// server's peak RSS and the worst /api/health answer while it streams (event-loop stalls).
// Targets: first byte < 1 s cold, < 50 ms cached.

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { type NearbyOptions, seedBenchRequests } from './nearby.ts';
import {
  openDatabase,
  type PolesOptions,
  percentiles,
  startServer,
  stopServer,
  type Timing,
  waitForHttp,
} from './poles.ts';

export type OpenDataOptions = NearbyOptions;

interface Whole {
  format: string;
  seconds: number;
  megabytes: number;
  rows: number;
  rssPeakMb: number;
  healthMaxMs: number;
}

export interface OpenDataResult {
  engine: string;
  requests: number;
  /** Null: a database seeded earlier was reused (`--reuse-sqlite` / `--reuse-postgres`). */
  seedSeconds: number | null;
  rows: { what: string; timing: Timing; target?: { text: string; ok: boolean } }[];
  whole: Whole[];
}

/** Milliseconds to the first byte of the body (and the status), the rest read and dropped. */
function firstByte(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers, agent: false }, (res) => {
      let ms = 0;
      res.once('data', () => {
        ms = performance.now() - started;
        // One byte is the measure: the rest of a million rows is not waited for.
        res.destroy();
        resolve({ ms, status: res.statusCode ?? 0 });
      });
      res.once('end', () => resolve({ ms: ms || performance.now() - started, status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The whole file, read as fast as the client can, with the server's RSS and health sampled. */
async function wholeFile(base: string, format: string, server: ChildProcess): Promise<Whole> {
  let rssPeak = rssMb(server.pid as number);
  let healthMax = 0;
  let reading = true;
  const sampler = (async () => {
    while (reading) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      healthMax = Math.max(healthMax, performance.now() - t0);
      rssPeak = Math.max(rssPeak, rssMb(server.pid as number));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${base}/api/open-data/requests.${format}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) newlines++;
  }
  const seconds = (performance.now() - started) / 1000;
  reading = false;
  await sampler;
  // CSV: a line per row and the header; GeoJSON: a line per feature, the opening and the close.
  const rows = format === 'csv' ? newlines - 1 : newlines - 2;
  return { format, seconds, megabytes: bytes / 1e6, rows, rssPeakMb: rssPeak, healthMaxMs: healthMax };
}

export async function benchOpenData(options: OpenDataOptions): Promise<OpenDataResult> {
  const { engine, log } = options;
  const asPoles: PolesOptions = { ...options, poles: 0 };
  const dir = mkdtempSync(join(tmpdir(), `acende-bench-open-data-${engine}-`));
  const { url, drop } = options.reuse ? { url: options.reuse, drop: async () => {} } : await openDatabase(asPoles, dir);
  let server: ChildProcess | undefined;
  const db = createDatabase(url, { poolSize: 2 });
  try {
    const seedSeconds = await seedBenchRequests(options, db, url, dir, log);
    await db.destroy();
    const base = `http://127.0.0.1:${options.port}`;
    const rows: OpenDataResult['rows'] = [];
    const whole: Whole[] = [];
    for (const format of ['csv', 'geojson']) {
      const path = `${base}/api/open-data/requests.${format}`;
      // Cold: a server just started, its first call (statements unprepared, nothing warm in it).
      const cold: number[] = [];
      for (let i = 0; i < 3; i++) {
        server = startServer(asPoles, url, dir);
        await waitForHttp(`${base}/api/health`);
        const first = await firstByte(path);
        if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
        cold.push(first.ms);
        if (i < 2) {
          await stopServer(server);
          server = undefined;
        }
      }
      const coldTiming = percentiles(cold);
      rows.push({
        what: `${format.toUpperCase()} first byte, cold (first call of a fresh server, 3 starts)`,
        timing: coldTiming,
        target: { text: '< 1 s', ok: coldTiming.max < 1000 },
      });
      log(`[${engine}] open data ${format}: first byte again, ${options.samples} calls`);
      const again: number[] = [];
      for (let i = 0; i < options.samples; i++) {
        const t = await firstByte(path);
        again.push(t.ms);
      }
      const againTiming = percentiles(again);
      rows.push({
        what: `${format.toUpperCase()} first byte, cached (repeat calls, full answer)`,
        timing: againTiming,
        target: { text: 'p95 < 50 ms', ok: againTiming.p95 < 50 },
      });
      const etag = (await fetch(path, { method: 'GET' }).then(async (r) => {
        await r.body?.cancel();
        return r.headers.get('etag');
      })) as string;
      const revalidate: number[] = [];
      for (let i = 0; i < options.samples; i++) {
        const t = await firstByte(path, { 'if-none-match': etag });
        if (t.status !== 304) throw new Error(`a conditional GET answered ${t.status}`);
        revalidate.push(t.ms);
      }
      const revalidateTiming = percentiles(revalidate);
      rows.push({
        what: `${format.toUpperCase()} conditional GET (If-None-Match: 304, a client's or CDN's cache)`,
        timing: revalidateTiming,
        target: { text: 'p95 < 50 ms', ok: revalidateTiming.p95 < 50 },
      });
      log(`[${engine}] open data ${format}: the whole file`);
      whole.push(await wholeFile(base, format, server as ChildProcess));
      await stopServer(server as ChildProcess);
      server = undefined;
    }
    return { engine, requests: options.requests, seedSeconds, rows, whole };
  } finally {
    if (server) await stopServer(server);
    await db.destroy().catch(() => {});
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const f1 = (n: number) => n.toFixed(1);

export function openDataReport(results: OpenDataResult[], samples: number): string {
  const lines: string[] = ['## Open-data feed (issue 25)', ''];
  lines.push(
    `${new Date().toISOString()} · ${samples} calls per cached row, one client, sequential, a new connection each · Node ${process.version}. Targets: first byte < 1 s cold, < 50 ms cached.`,
    '',
  );
  for (const r of results) {
    lines.push(`### ${r.engine}`, '');
    lines.push(
      r.seedSeconds === null
        ? `Seed: ${r.requests.toLocaleString('en')} requests, seeded earlier by the same seeder (\`--seed 1\`) and reused.`
        : `Seed: ${r.requests.toLocaleString('en')} requests in ${r.seedSeconds.toFixed(1)} s.`,
      '',
    );
    lines.push('| call | p50 ms | p95 | max | target | met |', '|---|---:|---:|---:|---|---|');
    for (const row of r.rows) {
      lines.push(
        `| ${row.what} | ${f1(row.timing.p50)} | ${f1(row.timing.p95)} | ${f1(row.timing.max)} | ${row.target?.text ?? ''} | ${row.target ? (row.target.ok ? 'yes' : '**NO**') : ''} |`,
      );
    }
    lines.push(
      '',
      '| whole file (no target: shown for honesty) | rows | MB | seconds | server RSS peak MB | worst /api/health ms meanwhile |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const w of r.whole) {
      lines.push(
        `| ${w.format.toUpperCase()} | ${w.rows.toLocaleString('en')} | ${f1(w.megabytes)} | ${f1(w.seconds)} | ${f1(w.rssPeakMb)} | ${f1(w.healthMaxMs)} |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
