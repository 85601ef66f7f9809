// The poles map layer at scale (issue 21), part of `npm run bench` (alone: `--only poles`):
// seeds N poles (1,000,000) over six cities of Rio Grande do Sul and São Paulo into a fresh
// database, times the layer's read for phone-sized boxes at random places, a neighbourhood
// and whole cities, through the repository and through HTTP to the built server, and
// EXPLAINs every statement the layer runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import pg from 'pg';
import type { AppDeps } from '../apps/api/src/app-deps.ts';
import { createDatabase, type Db } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { EXAMPLE_COMPANIES } from '../apps/api/src/db/seed.ts';
import type { Box } from '../apps/api/src/features/poles/poles-map.repository.ts';
import { readPoleLayer } from '../apps/api/src/features/poles/poles-map.service.ts';

// Where a utility's poles stand: share of the total, centre and radius in degrees.
// São Paulo alone has about 600,000 light points.
const CITIES = [
  { name: 'São Paulo', share: 0.45, lat: -23.55, lng: -46.63, radius: 0.2 },
  { name: 'Porto Alegre', share: 0.2, lat: -30.05, lng: -51.19, radius: 0.12 },
  { name: 'Campinas', share: 0.12, lat: -22.9, lng: -47.06, radius: 0.08 },
  { name: 'Caxias do Sul', share: 0.08, lat: -29.17, lng: -51.18, radius: 0.06 },
  { name: 'Pelotas', share: 0.07, lat: -31.76, lng: -52.34, radius: 0.06 },
  { name: 'Santa Maria', share: 0.05, lat: -29.69, lng: -53.81, radius: 0.05 },
] as const;
// The rest (3 %) scattered over Rio Grande do Sul's countryside.
const COUNTRYSIDE = { minLat: -33, maxLat: -27.5, minLng: -57, maxLng: -50 };

// A phone at zoom 17: 360 × 640 CSS px at 1.07e-5 degrees of longitude per px; latitude
// degrees are shorter on screen by cos(latitude), about 0.9 here.
const PHONE = { width: 0.0039, height: 0.0062 };
// The same phone at zoom 15, a few blocks (past 500 poles: counts from the poles themselves),
// and at zoom 14, a neighbourhood (counts from pole_cells).
const BLOCKS = { width: 0.0156, height: 0.025 };
const NEIGHBOURHOOD = { width: 0.031, height: 0.05 };

export interface PolesOptions {
  engine: 'sqlite' | 'postgres';
  poles: number;
  samples: number;
  port: number;
  pgAdminUrl: string;
  root: string;
  log: (text: string) => void;
}

export interface Timing {
  p50: number;
  p95: number;
  max: number;
}

export interface PolesResult {
  engine: string;
  poles: number;
  seedSeconds: number;
  rows: { what: string; answer: string; repository: Timing; http: Timing }[];
  explain: { what: string; sql: string; plan: string }[];
}

/** A small seeded generator: the same poles on every run. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function percentiles(values: number[]): Timing {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] as number };
}

const boxAround = (lat: number, lng: number, size: { width: number; height: number }): Box => ({
  minLng: lng - size.width / 2,
  minLat: lat - size.height / 2,
  maxLng: lng + size.width / 2,
  maxLat: lat + size.height / 2,
});
const cityBox = (city: (typeof CITIES)[number]): Box => {
  const dLng = city.radius / Math.cos((city.lat * Math.PI) / 180);
  return {
    minLng: city.lng - dLng,
    minLat: city.lat - city.radius,
    maxLng: city.lng + dLng,
    maxLat: city.lat + city.radius,
  };
};
const bboxParam = (b: Box) => [b.minLng, b.minLat, b.maxLng, b.maxLat].map((n) => n.toFixed(6)).join(',');

export async function openDatabase(
  options: PolesOptions,
  dir: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (options.engine === 'sqlite') return { url: `sqlite:${join(dir, 'poles.db')}`, drop: async () => {} };
  const name = `acende_bench_poles_${process.pid}`;
  const admin = new pg.Client({ connectionString: options.pgAdminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(options.pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: options.pgAdminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function seedPoles(db: Db, count: number): Promise<void> {
  const next = random(21);
  const stamp = new Date().toISOString();
  await db
    .insertInto('energyCompanies')
    .values(EXAMPLE_COMPANIES.map((c) => ({ ...c, active: 1, createdAt: stamp, updatedAt: stamp })))
    .execute();
  const place = (i: number): { latitude: number; longitude: number } => {
    let share = i / count;
    for (const city of CITIES) {
      if (share < city.share) {
        // Evenly over the city's disc (São Paulo: about 320 poles a km²).
        const angle = next() * 2 * Math.PI;
        const r = city.radius * Math.sqrt(next());
        return {
          latitude: city.lat + r * Math.sin(angle),
          longitude: city.lng + (r * Math.cos(angle)) / Math.cos((city.lat * Math.PI) / 180),
        };
      }
      share -= city.share;
    }
    return {
      latitude: COUNTRYSIDE.minLat + next() * (COUNTRYSIDE.maxLat - COUNTRYSIDE.minLat),
      longitude: COUNTRYSIDE.minLng + next() * (COUNTRYSIDE.maxLng - COUNTRYSIDE.minLng),
    };
  };
  const BATCH = 2000;
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      // One in fifty out of service: the layer must skip them.
      rows.push({
        companyId: 1 + (i % 3),
        number: String(100000 + i),
        ...place(i),
        street: 'Rua do Bench',
        active: i % 50 === 0 ? 0 : 1,
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
    await db.insertInto('poles').values(rows).execute();
  }
}

export class Capture implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  transformQuery(args: { node: RootOperationNode }) {
    this.nodes.push(args.node);
    return args.node;
  }
  async transformResult<R>(args: { result: R }) {
    return args.result;
  }
}

/** EXPLAIN of every statement `capture` saw (SQLite's query plan; PostgreSQL's, run with buffers). */
export async function plansOf(
  db: Db,
  engine: 'sqlite' | 'postgres',
  capture: Capture,
): Promise<{ sql: string; parameters: readonly unknown[]; plan: string }[]> {
  const out = [];
  for (const node of capture.nodes) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' } as never);
    const prefix = engine === 'sqlite' ? 'explain query plan ' : 'explain (analyze, buffers, costs off) ';
    const result = await db.executeQuery(CompiledQuery.raw(`${prefix}${compiled.sql}`, [...compiled.parameters]));
    const plan = (result.rows as Record<string, unknown>[])
      .map((row) => String(row.detail ?? row['QUERY PLAN']))
      .join('\n');
    out.push({ sql: compiled.sql, parameters: compiled.parameters, plan });
  }
  return out;
}

export function startServer(options: PolesOptions, url: string, dir: string): ChildProcess {
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: options.root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATA_DIR: dir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      CAPTCHA: 'off',
      RATE_LIMIT_LOOKUP_MAX: '1000000',
      RATE_LIMIT_NEARBY_MAX: '1000000',
      RATE_LIMIT_OPEN_DATA_MAX: '1000000',
      LOG_LEVEL: 'warn',
      GEOCODER_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d) => process.stderr.write(`  [server] ${d}`));
  return child;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export async function waitForHttp(url: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

export async function benchPoles(options: PolesOptions): Promise<PolesResult> {
  const { engine, log } = options;
  const dir = mkdtempSync(join(tmpdir(), `acende-bench-poles-${engine}-`));
  const { url, drop } = await openDatabase(options, dir);
  const db = createDatabase(url, { poolSize: 2 });
  let server: ChildProcess | undefined;
  try {
    await migrateToLatest(db);
    log(`\n[${engine}] seeding ${options.poles.toLocaleString('en')} poles…`);
    const seedStarted = performance.now();
    await seedPoles(db, options.poles);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await db.executeQuery(CompiledQuery.raw('analyze'));
    log(`[${engine}] seeded in ${seedSeconds.toFixed(1)} s`);

    // Phones look where the poles are: boxes centred on random poles, and a share of boxes
    // at random places of the region (mostly empty countryside).
    const next = random(7);
    const maxId = Number(
      (
        await db
          .selectFrom('poles')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );
    const ids = Array.from({ length: options.samples }, () => 1 + Math.floor(next() * maxId));
    const centres = await db.selectFrom('poles').select(['latitude', 'longitude']).where('id', 'in', ids).execute();
    const phoneBoxes = centres.map((c) => boxAround(c.latitude, c.longitude, PHONE));
    const anywhereBoxes = Array.from({ length: options.samples }, () =>
      boxAround(
        COUNTRYSIDE.minLat + next() * (-22 - COUNTRYSIDE.minLat),
        COUNTRYSIDE.minLng + next() * (-46 - COUNTRYSIDE.minLng),
        PHONE,
      ),
    );
    const blocks = centres
      .slice(0, Math.min(50, centres.length))
      .map((c) => boxAround(c.latitude, c.longitude, BLOCKS));
    const neighbourhoods = centres
      .slice(0, Math.min(50, centres.length))
      .map((c) => boxAround(c.latitude, c.longitude, NEIGHBOURHOOD));
    const sp = CITIES[0];
    const poa = CITIES[1];
    const cities = Array.from({ length: Math.min(50, options.samples) }, (_, i) => cityBox(i % 2 ? poa : sp));
    // The weak case of a latitude-first index: a wide, empty box whose latitude band crosses
    // a city (west of Porto Alegre, over the Jacuí delta and beyond).
    const sparse = Array.from({ length: Math.min(50, options.samples) }, (_, i) => ({
      minLng: -52.9 + (i % 10) * 0.02,
      minLat: -30.2 + Math.floor(i / 10) * 0.02,
      maxLng: -51.6 + (i % 10) * 0.02,
      maxLat: -29.9 + Math.floor(i / 10) * 0.02,
    }));
    const cases: [string, Box[]][] = [
      ['phone box (zoom 17) on a random pole', phoneBoxes],
      ['phone box (zoom 17) anywhere in the region', anywhereBoxes],
      ['phone box (zoom 15), a few blocks', blocks],
      ['phone box (zoom 14), a neighbourhood', neighbourhoods],
      ['a whole city (São Paulo 0.4° × 0.44°, Porto Alegre 0.24° × 0.28°)', cities],
      ['a wide box with few poles, its latitude band across Porto Alegre (1.3° × 0.3°)', sparse],
    ];

    const deps = { db } as AppDeps;
    const repositoryTimes = new Map<string, Timing>();
    const answers = new Map<string, string>();
    for (const [what, boxes] of cases) {
      log(`[${engine}] repository: ${what}`);
      for (const box of boxes.slice(0, 3)) await readPoleLayer(deps, box);
      const times: number[] = [];
      let poles = 0;
      let clusters = 0;
      let counted = 0;
      for (const box of boxes) {
        const started = performance.now();
        const layer = await readPoleLayer(deps, box);
        times.push(performance.now() - started);
        poles += layer.poles.length;
        clusters += layer.clusters.length;
        counted += layer.clusters.reduce((sum, c) => sum + c.count, 0);
      }
      repositoryTimes.set(what, percentiles(times));
      const n = boxes.length;
      answers.set(
        what,
        clusters
          ? `${(clusters / n).toFixed(0)} clusters of ${(counted / n).toFixed(0)} poles`
          : `${(poles / n).toFixed(0)} poles`,
      );
    }

    server = startServer(options, url, dir);
    const base = `http://127.0.0.1:${options.port}`;
    await waitForHttp(`${base}/api/health`);
    const rows: PolesResult['rows'] = [];
    for (const [what, boxes] of cases) {
      log(`[${engine}] HTTP: ${what}`);
      const times: number[] = [];
      for (let i = -3; i < boxes.length; i++) {
        const started = performance.now();
        const res = await fetch(`${base}/api/poles?bbox=${bboxParam(boxes[Math.max(0, i)] as Box)}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`/api/poles answered ${res.status}`);
        if (i >= 0) times.push(performance.now() - started);
      }
      rows.push({
        what,
        answer: answers.get(what) as string,
        repository: repositoryTimes.get(what) as Timing,
        http: percentiles(times),
      });
    }
    await stopServer(server);
    server = undefined;

    const explain: PolesResult['explain'] = [];
    const planned: [string, Box][] = [
      ['phone box on a pole: the poles', phoneBoxes[0] as Box],
      ['a few blocks: the poles (stops at 501), then counts by cell from the poles', blocks[0] as Box],
      ['neighbourhood: counts by cell from pole_cells', neighbourhoods[0] as Box],
      ['São Paulo: counts by cell from pole_cells', cities[0] as Box],
      ['a wide box with few poles: counts from pole_cells, then the poles', sparse[0] as Box],
    ];
    for (const [what, box] of planned) {
      const capture = new Capture();
      await readPoleLayer({ db: db.withPlugin(capture) } as AppDeps, box);
      for (const { sql, parameters, plan } of await plansOf(db, engine, capture)) {
        explain.push({ what, sql: `${sql}\n-- ${JSON.stringify(parameters)}`, plan });
      }
    }
    return { engine, poles: options.poles, seedSeconds, rows, explain };
  } finally {
    if (server) await stopServer(server);
    await db.destroy();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const f1 = (n: number) => n.toFixed(1);

export function polesReport(results: PolesResult[], samples: number): string {
  const lines: string[] = ['## Poles map layer (issue 21)', ''];
  lines.push(
    `${new Date().toISOString()} · ${samples} boxes per row (50 for the wider boxes), one client, sequential · Node ${process.version}. Target: phone box p95 < 30 ms.`,
    '',
  );
  for (const r of results) {
    lines.push(`### ${r.engine}`, '');
    lines.push(
      `Seed: ${r.poles.toLocaleString('en')} poles (2 % inactive, three companies) in ${r.seedSeconds.toFixed(1)} s, the triggers of pole_cells included.`,
      '',
    );
    lines.push('| box | answer (mean) | repository p50 ms | p95 | max | HTTP p50 ms | p95 | max | p95 < 30 ms |');
    lines.push('|---|---|---:|---:|---:|---:|---:|---:|---|');
    for (const row of r.rows) {
      const ok = row.http.p95 < 30 && row.repository.p95 < 30;
      lines.push(
        `| ${row.what} | ${row.answer} | ${f1(row.repository.p50)} | ${f1(row.repository.p95)} | ${f1(row.repository.max)} | ${f1(row.http.p50)} | ${f1(row.http.p95)} | ${f1(row.http.max)} | ${ok ? 'yes' : '**NO**'} |`,
      );
    }
    lines.push('', '#### Query plans', '');
    for (const e of r.explain) lines.push('```', e.what, e.sql, '--', e.plan, '```', '');
  }
  return `${lines.join('\n')}\n`;
}
