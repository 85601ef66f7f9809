// `npm run bench` (issue 10): on each engine, seeds a database, starts the built server
// (apps/api/dist/main.js) and a minimal baseline server as separate processes, drives the
// public calls with autocannon, times the admin reads on the seeded rows, samples the
// server's RSS, prints EXPLAIN of the search and count queries, and writes the table to
// bench/results/latest.md. Flags: --rows N (1000000) --duration S (10) --connections C (50)
// --engines sqlite,postgres --samples N (100 per admin measure: with 30, a p95 was the
// second-slowest call, so one pause decided it) --rounds R (2 turns each of baseline and
// Acende per public call, the best kept), then the poles map layer (bench/poles.ts:
// --poles N, 1000000); `--only poles` runs that part alone and writes
// bench/results/poles-latest.md; then "already reported nearby" (bench/nearby.ts), alone with
// `--only nearby` (bench/results/nearby-latest.md; `--reuse-sqlite URL` / `--reuse-postgres URL` use a
// database seeded earlier with `npm run db:seed -- --requests N --seed 1`); `--only sla` runs the repair-deadline targets
// alone (overdue counts p95 < 20 ms, SLA report first byte < 1 s, with their query plans: issue
// 23) and writes bench/results/sla-latest.md; `--only open-data` runs the open-data feed alone
// (bench/open-data.ts: first byte < 1 s cold, < 50 ms cached; bench/results/open-data-latest.md;
// `--reuse-…` as for nearby);
// `--only transparency` times the public transparency figures cold and cached per window
// (bench/transparency.ts: cold < 1 s, cached < 50 ms, issue 25; `--reuse-sqlite` /
// `--reuse-postgres` as for nearby) and writes bench/results/transparency-latest.md; `--only filing`
// runs the filing rounds alone (bench/filings.ts: varied filings, `--filing-rounds R`, at least 3,
// back to back on the bare, seed-style and Acende servers, each after `--filing-warm-up S` (3)
// unreported, with each round's CPU time per filing; bench/results/filing-latest.md; decision
// 0058); `--only work-orders` times the field work at scale (bench/work-orders.ts: 200 crews × 30
// stops a day and a year of history, `--crews`, `--stops`, `--days`; a crew's day list p95 < 50 ms,
// ordering 50 stops < 200 ms, syncing 30 actions < 2 s; issue 37) and writes
// bench/results/work-orders-latest.md. `BENCH_NODE_ARGS` passes Node's flags to Acende's server (a CPU
// profile: `--cpu-prof --cpu-prof-dir=DIR`). Not a test: figures vary.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { countOverdueByCompany } from '../apps/api/src/core/deadlines.repository.ts';
import { listRepairTimes, overallRepairPercentiles } from '../apps/api/src/core/repair-times.repository.ts';
import { createDatabase, type Db } from '../apps/api/src/db/database.ts';
import type { Database } from '../apps/api/src/db/schema.ts';
import { indexAllQueued } from '../apps/api/src/db/search-upkeep.ts';
import { listRequests, NEWEST_FIRST } from '../apps/api/src/features/admin-requests/admin-requests.list.repository.ts';
import {
  countByCompanyAndStatus,
  countByStatus,
} from '../apps/api/src/features/admin-requests/request-counters.repository.ts';
import { countSlaGroups, listSlaPercentileRanks } from '../apps/api/src/features/reports/reports.sla.repository.ts';
import { type FilingPole, type FilingRound, filingReport, filingRounds, variedFilings } from './filings.ts';
import { benchNearby, type NearbyResult, nearbyReport } from './nearby.ts';
import { benchOpenData, type OpenDataResult, openDataReport } from './open-data.ts';
import { benchPoles, type PolesResult, polesReport } from './poles.ts';
import { benchTransparency, type TransparencyResult, transparencyReport } from './transparency.ts';
import { benchWorkOrders, type WorkOrdersResult, workOrdersReport } from './work-orders.ts';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');
/** Acende's built server, with Node's flags from `BENCH_NODE_ARGS` (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const ACENDE_SERVER = [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), 'apps/api/dist/main.js'];
const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback;
};
const ROWS = Number(flag('rows', '1000000'));
const DURATION = Number(flag('duration', '10'));
const CONNECTIONS = Number(flag('connections', '50'));
const SAMPLES = Number(flag('samples', '100'));
const ROUNDS = Number(flag('rounds', '2'));
/** Filing rounds per server, back to back (issue 40: at least three). */
const FILING_ROUNDS = Math.max(3, Number(flag('filing-rounds', '3')));
/** Seconds of filings on each filing server before its rounds, unreported. */
const FILING_WARM_UP_S = Number(flag('filing-warm-up', '3'));
const ENGINES = flag('engines', 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const ONLY = flag('only', '');
const POLES = Number(flag('poles', '1000000'));
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-admin-password';

const log = (text: string) => process.stderr.write(`${text}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- processes -------------------------------------------------------------------------

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}`))));
  });
}

async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function startProcess(commandArgs: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, commandArgs, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (d) => process.stderr.write(`  [server] ${d}`));
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Samples a process's resident set size (Linux /proc) until stopped; answers the peak in MB. */
function sampleRss(pid: number) {
  let peak = 0;
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      // The process has gone.
    }
  };
  const timer = setInterval(read, 200);
  read();
  return {
    /** The peak so far, logged after each measure: which load raised it. */
    peak: () => peak,
    stop: () => {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}

// --- measurements ----------------------------------------------------------------------

interface Load {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  base: string,
  options: {
    method?: 'GET' | 'POST';
    path: string;
    body?: string;
    paths?: string[];
    idempotent?: boolean;
    /** Bodies sent in turn, from `at` on (which moves on, so the next round goes on from there). */
    bodies?: { list: string[]; at: number };
    /** Seconds, when not DURATION. */
    duration?: number;
  },
): Promise<Load> {
  let i = 0;
  let n = 0;
  const { paths, bodies } = options;
  const run = `${process.pid}-${Date.now()}`;
  const contentType = options.body || bodies ? { 'content-type': 'application/json' } : {};
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: options.duration ?? DURATION,
    requests: [
      {
        method: options.method ?? 'GET',
        path: options.path,
        headers: contentType,
        body: options.body,
        setupRequest: (req) => ({
          ...req,
          ...(paths ? { path: paths[i++ % paths.length] as string } : {}),
          ...(bodies ? { body: bodies.list[bodies.at++ % bodies.list.length] } : {}),
          // As the web app does: every filing carries its own Idempotency-Key.
          ...(options.idempotent ? { headers: { ...contentType, 'idempotency-key': `bench-${run}-${n++}` } } : {}),
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Timing {
  p50: number;
  p95: number;
  note?: string;
}

/** Times sequential GETs (one client, keep-alive), after two warm-up calls. */
async function timeGets(base: string, paths: string[], cookie: string): Promise<Timing> {
  const times: number[] = [];
  let status = 0;
  for (let i = -2; i < paths.length; i++) {
    const path = paths[Math.max(0, i)] as string;
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (i >= 0) times.push(performance.now() - started);
    if (res.status !== 200) status = res.status;
  }
  if (status) throw new Error(`${paths[0]} answered ${status}`);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Time to the first byte of the body of a streamed export. */
function firstByte(base: string, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(`${base}${path}`, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${path} answered ${res.statusCode}`));
        return;
      }
      res.once('data', () => {
        resolve(performance.now() - started);
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

// --- one engine ------------------------------------------------------------------------

interface EngineResult {
  engine: string;
  rows: number;
  seedSeconds: number;
  publicRows: { call: string; acende: Load; baseline: Load }[];
  /** Every filing round of the bare, seed-style and Acende servers (issue 40). */
  filing: FilingRound[];
  admin: { what: string; timing: Timing }[];
  rssPeakMb: number;
  explain: { what: string; plan: string }[];
  notes: string[];
}

const REVERSE = JSON.stringify({
  display_name: 'Rua dos Andradas, Centro Histórico, Porto Alegre, Rio Grande do Sul, Brasil',
  lat: '-30.0277',
  lon: '-51.2287',
  address: { road: 'Rua dos Andradas', suburb: 'Centro Histórico', city: 'Porto Alegre', country: 'Brasil' },
});

/**
 * 100 registry poles per active company for the varied filings to name (issue 40), written
 * through the app's own connection setup: the bench's reader opens SQLite read-only.
 */
async function filingPolesOf(url: string, companyIds: number[]): Promise<FilingPole[]> {
  const writer = createDatabase(url);
  try {
    return await insertFilingPoles(writer, companyIds);
  } finally {
    await writer.destroy();
  }
}

async function insertFilingPoles(db: Db, companyIds: number[]): Promise<FilingPole[]> {
  const now = new Date().toISOString();
  const rows = companyIds.flatMap((companyId) =>
    Array.from({ length: 100 }, (_, i) => ({
      companyId,
      number: `BENCH-${companyId}-${i + 1}`,
      latitude: -30.03 + i * 0.0005,
      longitude: -51.23 + companyId * 0.001,
      street: 'Rua dos Andradas',
      description: null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return (await db.insertInto('poles').values(rows).returning(['id', 'companyId']).execute()).map((p) => ({
    id: p.id,
    companyId: p.companyId,
  }));
}

async function benchEngine(engine: 'sqlite' | 'postgres', port: number): Promise<EngineResult> {
  const dir = mkdtempSync(join(tmpdir(), `acende-bench-${engine}-`));
  const dbName = `acende_bench_${process.pid}`;
  let url = `sqlite:${join(dir, 'acende.db')}`;
  let baselineUrl = `sqlite:${join(dir, 'baseline.db')}`;
  const notes: string[] = [];
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${dbName}`;
    url = u.toString();
    baselineUrl = url;
  }
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: PASSWORD,
    CAPTCHA: 'off',
    RATE_LIMIT_CREATE_MAX: '1000000',
    RATE_LIMIT_LOOKUP_MAX: '1000000',
    RATE_LIMIT_NEARBY_MAX: '1000000',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    LOG_LEVEL: 'warn',
    // A local stand-in for Nominatim (below): the area of a request comes from its cache.
    GEOCODER_URL: `http://127.0.0.1:${port + 2}`,
  };
  const servers: ChildProcess[] = [];
  const geocoder = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.startsWith('/reverse') ? REVERSE : '[]');
  }).listen(port + 2, '127.0.0.1');
  try {
    log(`\n[${engine}] seeding ${ROWS} requests…`);
    const seedStarted = performance.now();
    await run(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/db/seed-cli.ts', '--requests', String(ROWS), '--seed', '1'],
      env,
    );
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`[${engine}] seeded in ${seedSeconds.toFixed(1)} s`);
    if (engine === 'postgres') {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query('vacuum analyze');
      // The seed's dirty pages written now, not by the checkpointer during the measurements.
      await c.query('checkpoint');
      await c.end();
    }

    const base = `http://127.0.0.1:${port}`;
    const baselineBase = `http://127.0.0.1:${port + 1}`;
    const server = startProcess(ACENDE_SERVER, env);
    servers.push(server);
    await waitForHttp(`${base}/api/health`);
    const rss = sampleRss(server.pid as number);
    // Admin reads first, on the million seeded rows as they are (the public load below files
    // tens of thousands of identical requests, which is not what a city's table holds).
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;

    const db = openKysely(engine, url);
    const samples = await sampleRows(db, SAMPLES);
    const q = (text: string) => `/api/admin/repair-requests?q=${encodeURIComponent(text)}`;
    const kinds: [string, string[]][] = [
      ['search: number', samples.map((r) => q(String(r.id)))],
      ['search: full name', samples.filter((r) => r.name).map((r) => q(r.name as string))],
      [
        'search: part of a name, no accents',
        samples
          .filter((r) => r.name)
          .map((r) => {
            const surname = fold((r.name as string).split(' ').slice(-1)[0] as string);
            return q(surname.length > 5 ? surname.slice(1, -1) : surname);
          }),
      ],
      ['search: phone digits', samples.map((r) => q(r.phone.replace(/\D/g, '').slice(-8)))],
      [
        'search: address word',
        samples.map((r) => {
          const street = r.address.split(',')[0] as string;
          const words = street.split(' ').filter((w) => w.length > 3);
          return q(words[words.length - 1] ?? street);
        }),
      ],
    ];
    const adminRows: EngineResult['admin'] = [];
    // `--only filing`: the filing rounds alone, no admin reads and no reads after them.
    if (ONLY !== 'filing') {
      for (const [what, paths] of kinds) {
        log(`[${engine}] ${what}`);
        adminRows.push({ what, timing: await timeGets(base, paths, cookie) });
        log(`[${engine}]   server RSS peak so far ${rss.peak().toFixed(0)} MB`);
      }
      const list = (query: string) => `/api/admin/repair-requests?${query}`;
      const repeat = (path: string) => Array.from({ length: SAMPLES }, () => path);
      adminRows.push({ what: 'list page 1', timing: await timeGets(base, repeat(list('page=1')), cookie) });
      adminRows.push({
        what: 'list page 500 (offset)',
        timing: await timeGets(base, repeat(list('page=500')), cookie),
      });
      const before = (await (await fetch(`${base}${list('page=499')}`, { headers: { cookie } })).json()) as {
        nextCursor: string;
      };
      adminRows.push({
        what: 'list page 500 (cursor)',
        timing: await timeGets(base, repeat(list(`page=500&cursor=${before.nextCursor}`)), cookie),
      });
      adminRows.push({
        what: 'list page 1, status=open',
        timing: await timeGets(base, repeat(list('status=open')), cookie),
      });
      adminRows.push({
        what: 'counts by status',
        timing: await timeGets(base, repeat('/api/admin/repair-requests/counts'), cookie),
      });
      adminRows.push({
        what: 'counts by company',
        timing: await timeGets(base, repeat('/api/admin/repair-requests/counts/company'), cookie),
      });
      const exportPath = '/api/admin/reports/requests.csv';
      const probe = await fetch(`${base}${exportPath}`, { method: 'HEAD', headers: { cookie } }).catch(() => null);
      if (probe && probe.status !== 404) {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) times.push(await firstByte(base, exportPath, cookie));
        adminRows.push({
          what: 'export CSV first byte',
          timing: { p50: percentile(times, 50), p95: percentile(times, 95) },
        });
      } else {
        notes.push(`${exportPath} is not served: export first byte not measured.`);
      }
    }
    log(`[${engine}]   server RSS peak after the admin reads ${rss.peak().toFixed(0)} MB`);
    // Then the public calls.
    const baseline = startProcess(['bench/baseline-server.mjs', String(port + 1), baselineUrl, url], env);
    servers.push(baseline);
    await waitForHttp(`${baselineBase}/api/energy-companies`);
    const seedStyleBase = `http://127.0.0.1:${port + 3}`;
    const seedStyle = startProcess(['bench/seed-style-server.mjs', String(port + 3), baselineUrl], env);
    servers.push(seedStyle);
    // Filings that vary like real ones (issue 40), some about a registry pole, the same for every server.
    const companyIds = (await db.selectFrom('energyCompanies').select('id').where('active', '=', 1).execute()).map(
      (c) => c.id,
    );
    const filingPoles = await filingPolesOf(url, companyIds);
    const filings = variedFilings(200_000, { companyIds, poles: filingPoles });
    for (const body of filings.slice(0, 3)) {
      const res = await fetch(`${base}/api/repair-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (res.status !== 201) throw new Error(`a varied filing answered ${res.status}: ${await res.text()}`);
    }

    // Ids to read: a spread over the seeded rows.
    const idPaths = Array.from({ length: 1000 }, (_, i) => `/api/repair-requests/${1 + Math.floor((i * ROWS) / 1000)}`);
    // The baselines warmed up as Acende was by the three filings above (and its admin reads).
    await waitForHttp(`${seedStyleBase}/`);
    for (const server of [baselineBase, seedStyleBase]) {
      for (let i = 0; i < 200; i++) {
        const res = await fetch(`${server}/api/repair-requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: filings[i % 3],
        });
        if (res.status !== 201) throw new Error(`${server} answered a filing ${res.status}: ${await res.text()}`);
      }
    }

    // Filing: each server's rounds back to back (a slide from the first to the last shows),
    // every round reported; the bare and seed-style servers take the same bodies.
    log(`[${engine}] POST /api/repair-requests: ${FILING_ROUNDS} rounds each on bare, seed-style and Acende`);
    // Each server goes on through the bodies from where its last load stopped.
    const bodyCursors = new Map<string, { list: string[]; at: number }>();
    const file = (server: string, duration?: number) => {
      const bodies = bodyCursors.get(server) ?? { list: filings, at: 3 };
      bodyCursors.set(server, bodies);
      return load(server, { method: 'POST', path: '/api/repair-requests', bodies, idempotent: true, duration });
    };
    const filing = await filingRounds({
      servers: [
        { name: 'bare', base: baselineBase, pid: baseline.pid },
        { name: 'seed-style', base: seedStyleBase, pid: seedStyle.pid },
        { name: 'Acende', base, pid: server.pid },
      ],
      rounds: FILING_ROUNDS,
      run: (server) => file(server),
      // Each server's first round measured its warm-up (Acende's first round had a third more
      // CPU per filing than its next two): 3 s of the same filings on each, unreported.
      warmUp: (server) => file(server, FILING_WARM_UP_S),
      log,
    });
    log(`[${engine}]   server RSS peak so far ${rss.peak().toFixed(0)} MB`);
    await stopProcess(seedStyle);
    const best = (runs: Load[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const roundsOf = (server: string) => filing.filter((r) => r.server === server).map((r) => r.load);
    const publicRows: EngineResult['publicRows'] = [
      { call: 'POST /api/repair-requests', acende: best(roundsOf('Acende')), baseline: best(roundsOf('bare')) },
    ];
    const calls = [
      // Both read the same seeded rows by the same numbers.
      { call: 'GET /api/repair-requests/:id', a: { path: idPaths[0] as string, paths: idPaths } },
      { call: 'GET /api/energy-companies', a: { path: '/api/energy-companies' } },
    ];
    // Baseline and Acende take turns, ROUNDS times; each keeps its best round (this machine's
    // figures swing by a third from one run to the next; the same rule applies to both).
    for (const { call, a } of ONLY === 'filing' ? [] : calls) {
      const baselineRuns: Load[] = [];
      const acendeRuns: Load[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        log(
          `[${engine}] ${call}: baseline, then Acende (round ${round}/${ROUNDS}, ${DURATION} s each, ${CONNECTIONS} connections)`,
        );
        baselineRuns.push(await load(baselineBase, a));
        acendeRuns.push(await load(base, a));
        log(`[${engine}]   server RSS peak so far ${rss.peak().toFixed(0)} MB`);
      }
      publicRows.push({ call, acende: best(acendeRuns), baseline: best(baselineRuns) });
    }
    await stopProcess(baseline);
    const rssPeakMb = rss.stop();

    // The plans' connection is read-only: what the rounds filed is indexed first, by a writer
    // (the search upkeep a search runs; the server's timer may be at it too, decision 0075).
    const indexer = createDatabase(url);
    await indexAllQueued(indexer).finally(() => indexer.destroy());
    const explain = await explainQueries(engine, db, samples);
    await db.destroy();
    return { engine, rows: ROWS, seedSeconds, publicRows, filing, admin: adminRows, rssPeakMb, explain, notes };
  } finally {
    for (const server of servers) await stopProcess(server);
    geocoder.close();
    if (engine === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

// --- repair deadlines (issue 23) ----------------------------------------------------------

interface SlaResult {
  engine: string;
  rows: number;
  seedSeconds: number;
  dueAtRows: number;
  /** Completed requests, and those whose generated repair_ms is set (0040): must be equal. */
  completedRows: number;
  repairMsRows: number;
  admin: { what: string; timing: Timing; target?: { text: string; ok: boolean } }[];
  explain: { what: string; plan: string }[];
}

/** Time to the whole body of a GET (one call). */
async function wholeBody(base: string, path: string, cookie: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return performance.now() - started;
}

/**
 * The repair-deadline targets on ROWS seeded requests: the dashboard's per-company counts with
 * their overdue column, and the first byte of the SLA report's exports; EXPLAIN of their SQL.
 */
async function benchSla(engine: 'sqlite' | 'postgres', port: number): Promise<SlaResult> {
  const dir = mkdtempSync(join(tmpdir(), `acende-bench-sla-${engine}-`));
  const dbName = `acende_bench_sla_${process.pid}`;
  let url = `sqlite:${join(dir, 'acende.db')}`;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: PASSWORD,
    CAPTCHA: 'off',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    LOG_LEVEL: 'warn',
    // The reads alone: the first retention sweep of a freshly seeded year anonymises a year of
    // closed requests (a one-off backlog), and would run through the measurements.
    RETENTION_INTERVAL_MS: '0',
    AREA_RETRY_INTERVAL_MS: '0',
  };
  let server: ChildProcess | null = null;
  try {
    log(`\n[${engine}] seeding ${ROWS} requests…`);
    const seedStarted = performance.now();
    await run(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/db/seed-cli.ts', '--requests', String(ROWS), '--seed', '1'],
      env,
    );
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`[${engine}] seeded in ${seedSeconds.toFixed(1)} s`);
    if (engine === 'postgres') {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query('vacuum analyze');
      // The seed's dirty pages written now, not by the checkpointer during the measurements.
      await c.query('checkpoint');
      await c.end();
    }
    const base = `http://127.0.0.1:${port}`;
    server = startProcess(ACENDE_SERVER, env);
    await waitForHttp(`${base}/api/health`);
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const db = openKysely(engine, url);
    // The seeding path must have given every request its due time (the insert trigger).
    const due = await db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.count<string | number>('dueAt').as('n'))
      .executeTakeFirstOrThrow();
    const timed = await db
      .selectFrom('repairRequests')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('completed'),
        eb.fn.count<string | number>('repairMs').as('timed'),
      ])
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();

    const admin: SlaResult['admin'] = [];
    const repeat = (path: string) => Array.from({ length: SAMPLES }, () => path);
    log(`[${engine}] overdue counts`);
    const counts = await timeGets(base, repeat('/api/admin/repair-requests/counts/company'), cookie);
    admin.push({
      what: 'overdue counts (dashboard per company: status counts + overdue)',
      timing: counts,
      target: { text: 'p95 < 20 ms', ok: counts.p95 < 20 },
    });
    for (const format of ['csv', 'pdf'] as const) {
      log(`[${engine}] SLA report ${format} first byte`);
      const path = `/api/admin/reports/sla.${format}`;
      const times: number[] = [];
      for (let i = 0; i < 5; i++) times.push(await firstByte(base, path, cookie));
      const timing = { p50: percentile(times, 50), p95: percentile(times, 95) };
      admin.push({
        what: `SLA report ${format.toUpperCase()} first byte`,
        timing,
        target: { text: '< 1 s', ok: timing.p95 < 1000 },
      });
    }
    log(`[${engine}] SLA report whole CSV and JSON`);
    for (const [what, path] of [
      ['SLA report CSV, whole file (no target: shown for honesty)', '/api/admin/reports/sla.csv'],
      ['SLA report JSON page (no target)', '/api/admin/reports/sla'],
      [
        'SLA report JSON page, one company, one problem type, last 90 days (no target)',
        `/api/admin/reports/sla?companyId=1&problemType=LIGHT_OUT&startDate=${new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)}`,
      ],
      ['SLA report JSON page, plain pass (a search: no target)', '/api/admin/reports/sla?q=rua'],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) times.push(await wholeBody(base, path, cookie));
      admin.push({ what, timing: { p50: percentile(times, 50), p95: percentile(times, 95) } });
    }

    const explain: SlaResult['explain'] = [];
    const criteria = { scope: null, filters: {}, createdFrom: null, createdBefore: null };
    const now = new Date().toISOString();
    const completed = Number(timed.timed);
    // [what, run, how many of its statements to show] (the repair times seek per group: the first shown).
    const cases: [string, () => Promise<unknown>, number][] = [
      ['overdue counts per company (dashboard)', () => countOverdueByCompany(db, null, now), 9],
      ['status counts per company (dashboard)', () => countByCompanyAndStatus(db, null), 9],
      [
        'SLA report (indexes): closed counts, work in hand, then per group the median and p90 seeks',
        () => listRepairTimes(db, { scope: null }, now),
        4,
      ],
      [
        'SLA report (indexes): overall median and p90 for the summary',
        () => overallRepairPercentiles(db, { scope: null }, completed),
        2,
      ],
      [
        'SLA report (plain pass, other filters): counts per company and problem type',
        () => countSlaGroups(db, criteria, now),
        9,
      ],
      ['SLA report (plain pass, other filters): median and p90 ranks', () => listSlaPercentileRanks(db, criteria), 9],
    ];
    for (const [what, fn, shown] of cases) {
      db.captured.length = 0;
      await fn();
      for (const query of db.captured.slice(0, shown))
        explain.push({ what: `${what}\n${query.sql}`, plan: await planOf(engine, db, query) });
    }
    await db.destroy();
    return {
      engine,
      rows: ROWS,
      seedSeconds,
      dueAtRows: Number(due.n),
      completedRows: Number(timed.completed),
      repairMsRows: completed,
      admin,
      explain,
    };
  } finally {
    if (server) await stopProcess(server);
    if (engine === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

function slaReport(results: SlaResult[]): string {
  const lines: string[] = ['# Acende benchmark: repair deadlines (issue 23)', ''];
  lines.push(
    `${new Date().toISOString()} · ${ROWS.toLocaleString('en')} seeded requests · ${SAMPLES} samples per count read, 5 per first byte, 3 per whole file · Node ${process.version} · load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${cpus().length} cores (other work on the machine included)`,
    '',
  );
  for (const r of results) {
    lines.push(`## ${r.engine}`, '');
    lines.push(
      `Seed: ${r.rows.toLocaleString('en')} requests in ${r.seedSeconds.toFixed(1)} s (migrations and the due-time trigger included); ${r.dueAtRows.toLocaleString('en')} rows carry a due time; ${r.repairMsRows.toLocaleString('en')} of ${r.completedRows.toLocaleString('en')} completed requests carry their repair time (repair_ms, 0040).`,
      '',
    );
    lines.push('| admin read | p50 ms | p95 ms | target | met |', '|---|---:|---:|---|---|');
    for (const a of r.admin) {
      lines.push(
        `| ${a.what} | ${f1(a.timing.p50)} | ${f1(a.timing.p95)} | ${a.target?.text ?? ''} | ${a.target ? mark(a.target.ok) : ''} |`,
      );
    }
    lines.push('', '### Query plans', '');
    for (const e of r.explain) lines.push('```', e.what, '--', e.plan, '```', '');
  }
  lines.push(
    'How measured: the built server (NODE_ENV=production), signed in as the admin (no company scope: every row counts); sequential keep-alive GETs from one client after two warm-up calls; first byte = time to the first chunk of the response body (the CSV header row, the PDF header) of a fresh request.',
  );
  return `${lines.join('\n')}\n`;
}

// --- query plans -----------------------------------------------------------------------

function openKysely(engine: 'sqlite' | 'postgres', url: string): Kysely<Database> & { captured: CompiledQuery[] } {
  const captured: CompiledQuery[] = [];
  const dialect =
    engine === 'sqlite'
      ? new SqliteDialect({ database: new SQLite(url.slice('sqlite:'.length), { readonly: true }) })
      : new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) });
  const db = new Kysely<Database>({
    dialect,
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  return Object.assign(db, { captured });
}

async function sampleRows(db: Kysely<Database>, n: number) {
  const max = await db
    .selectFrom('repairRequests')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  const ids = Array.from({ length: n }, (_, i) => Math.max(1, Math.floor(((i + 0.5) * Number(max.id)) / n)));
  return db.selectFrom('repairRequests').select(['id', 'name', 'phone', 'address']).where('id', 'in', ids).execute();
}

const NO_FILTERS = {
  q: undefined,
  status: undefined,
  problemType: undefined,
  companyId: undefined,
  assignedToId: undefined,
  pole: undefined,
  from: undefined,
  to: undefined,
};

async function explainQueries(
  engine: 'sqlite' | 'postgres',
  db: Kysely<Database> & { captured: CompiledQuery[] },
  samples: { name: string | null }[],
): Promise<EngineResult['explain']> {
  const out: EngineResult['explain'] = [];
  const fullName = samples.find((s) => s.name)?.name ?? 'Maria Silva';
  const name = fold(fullName.split(' ').slice(-1)[0] as string);
  // A common surname (thousands of matches: the newest are read first) and a full name
  // (a handful: read through the trigram index).
  const cases: [string, () => Promise<unknown>][] = [
    [
      `search "${name}" (list page and total)`,
      () => listRequests(db, null, { ...NO_FILTERS, q: name }, NEWEST_FIRST, 1, 20),
    ],
    [
      `search "${fullName}" (list page and total)`,
      () => listRequests(db, null, { ...NO_FILTERS, q: fullName }, NEWEST_FIRST, 1, 20),
    ],
    ['counts by status', () => countByStatus(db, null)],
    ['counts by company and status, one company', () => countByCompanyAndStatus(db, [1])],
  ];
  for (const [what, fn] of cases) {
    db.captured.length = 0;
    await fn();
    for (const query of [...db.captured]) {
      out.push({ what: `${what}\n${query.sql}`, plan: await planOf(engine, db, query) });
    }
  }
  return out;
}

/** EXPLAIN of a captured query: SQLite's query plan, PostgreSQL's with ANALYZE and BUFFERS. */
async function planOf(engine: 'sqlite' | 'postgres', db: Kysely<Database>, query: CompiledQuery): Promise<string> {
  if (engine === 'sqlite') {
    const rows = await db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
    return rows.rows.map((r) => r.detail).join('\n');
  }
  const rows = await db.executeQuery<{ 'QUERY PLAN': string }>({
    ...query,
    sql: `explain (analyze, buffers, costs off) ${query.sql}`,
  });
  return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
}

// --- report ----------------------------------------------------------------------------

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '–');
const mark = (ok: boolean) => (ok ? 'yes' : '**NO**');

function report(results: EngineResult[]): string {
  const lines: string[] = [];
  lines.push('# Acende benchmark', '');
  lines.push(
    `${new Date().toISOString()} · ${ROWS.toLocaleString('en')} seeded requests · ${CONNECTIONS} connections · ${DURATION} s per public call · ${SAMPLES} samples per admin read · Node ${process.version}`,
    '',
  );
  for (const r of results) {
    lines.push(`## ${r.engine}`, '');
    lines.push(
      `Seed: ${r.rows.toLocaleString('en')} requests in ${r.seedSeconds.toFixed(1)} s (migrations included).`,
      '',
    );
    lines.push(
      '| public call | Acende req/s | p50 ms | p99 ms | baseline req/s | p50 | p99 | ratio | ≥ 0.7 and p99 < 50 ms | errors |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---|---:|');
    for (const p of r.publicRows) {
      const ratio = p.acende.rps / p.baseline.rps;
      lines.push(
        `| ${p.call} | ${f0(p.acende.rps)} | ${p.acende.p50} | ${p.acende.p99} | ${f0(p.baseline.rps)} | ${p.baseline.p50} | ${p.baseline.p99} | ${ratio.toFixed(2)} | ${mark(ratio >= 0.7 && p.acende.p99 < 50)} | ${p.acende.errors} |`,
      );
    }
    lines.push('', ...filingReport(r.filing), '');
    lines.push('| admin read | p50 ms | p95 ms | target | met |');
    lines.push('|---|---:|---:|---|---|');
    const page1 = r.admin.find((a) => a.what === 'list page 1')?.timing.p95 ?? Number.NaN;
    for (const a of r.admin) {
      let target = '';
      let ok = true;
      if (a.what.startsWith('search')) {
        target = 'p95 < 50 ms';
        ok = a.timing.p95 < 50;
      } else if (a.what.startsWith('list page 500')) {
        target = `within 2× page 1 (${f1(page1)} ms)`;
        ok = a.timing.p95 <= 2 * page1 || a.timing.p95 < 5;
      } else if (a.what.startsWith('counts')) {
        target = '< 20 ms';
        ok = a.timing.p95 < 20;
      } else if (a.what.startsWith('export')) {
        target = '< 1 s';
        ok = a.timing.p95 < 1000;
      }
      lines.push(`| ${a.what} | ${f1(a.timing.p50)} | ${f1(a.timing.p95)} | ${target} | ${target ? mark(ok) : ''} |`);
    }
    lines.push('');
    lines.push(
      `Server RSS peak through the run: ${f0(r.rssPeakMb)} MB (target < 300 MB: ${mark(r.rssPeakMb < 300)}).`,
      '',
    );
    for (const note of r.notes) lines.push(`Note: ${note}`, '');
    lines.push('### Query plans', '');
    for (const e of r.explain) {
      lines.push('```', e.what, '--', e.plan, '```', '');
    }
  }
  lines.push(
    `How measured: public calls with autocannon against the built server (NODE_ENV=production, LOG_LEVEL=warn, CAPTCHA=off, rate limits raised), taking turns with the same call on the baseline server (bench/baseline-server.mjs, which reads the same seeded rows), ${ROUNDS} rounds each, the best round of each kept; filings (bench/filings.ts) vary like real ones (names, phones, addresses, references, two in three with an e-mail, one in eight about a pole) with an Idempotency-Key each, as the web app sends, after ${FILING_WARM_UP_S} s of the same filings unreported, ${FILING_ROUNDS} rounds back to back on each of the bare server, the seed-style server (bench/seed-style-server.mjs: Express 5, express-session, zod, Drizzle, one insert) and Acende, every round in the filing table with each round's CPU time per filing (server process, every PostgreSQL process, the load generator; Linux /proc), the best in the first; admin reads first, on the seeded rows before the public load, as sequential keep-alive GETs from one client, different queries per sample for searches; "page 500 (cursor)" follows \`nextCursor\` of page 499. A 5 ms floor applies to the page-500 comparison.`,
  );
  return `${lines.join('\n')}\n`;
}

async function main() {
  const results: EngineResult[] = [];
  const poles: PolesResult[] = [];
  const nearby: NearbyResult[] = [];
  // Below the ephemeral range (32768+), where a client socket could take the port first.
  let port = 20_000 + (process.pid % 500) * 8;
  if (ONLY === 'transparency') {
    const results: TransparencyResult[] = [];
    for (const engine of ENGINES) {
      results.push(
        await benchTransparency({
          engine,
          requests: ROWS,
          samples: SAMPLES,
          port: port + 6,
          pgAdminUrl: PG_ADMIN_URL,
          root: ROOT,
          log,
          reuse: flag(`reuse-${engine}`, '') || undefined,
        }),
      );
      port += 2;
    }
    const text = transparencyReport(results, SAMPLES);
    const out = join(ROOT, 'bench', 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'transparency-latest.md'), text);
    process.stdout.write(text);
    log('\nWritten to bench/results/transparency-latest.md');
    return;
  }
  if (ONLY === 'work-orders') {
    const results: WorkOrdersResult[] = [];
    for (const engine of ENGINES) {
      results.push(
        await benchWorkOrders({
          engine,
          requests: ROWS,
          samples: SAMPLES,
          port: port + 7,
          pgAdminUrl: PG_ADMIN_URL,
          root: ROOT,
          log,
          crews: Number(flag('crews', '200')),
          stops: Number(flag('stops', '30')),
          days: Number(flag('days', '365')),
        }),
      );
      port += 2;
    }
    const text = workOrdersReport(results);
    const out = join(ROOT, 'bench', 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'work-orders-latest.md'), text);
    process.stdout.write(text);
    log('\nWritten to bench/results/work-orders-latest.md');
    return;
  }
  if (ONLY === 'sla') {
    const sla: SlaResult[] = [];
    for (const engine of ENGINES) {
      sla.push(await benchSla(engine, port));
      port += 2;
    }
    const text = slaReport(sla);
    const out = join(ROOT, 'bench', 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'sla-latest.md'), text);
    process.stdout.write(text);
    log('\nWritten to bench/results/sla-latest.md');
    return;
  }
  const openData: OpenDataResult[] = [];
  const only = (part: string) => ONLY === '' || ONLY === part;
  for (const engine of ENGINES) {
    if (only('public') || ONLY === 'filing') results.push(await benchEngine(engine, port));
    if (only('poles')) {
      poles.push(
        await benchPoles({
          engine,
          poles: POLES,
          samples: SAMPLES * 2,
          port: port + 4,
          pgAdminUrl: PG_ADMIN_URL,
          root: ROOT,
          log,
        }),
      );
    }
    if (only('nearby')) {
      nearby.push(
        await benchNearby({
          engine,
          requests: ROWS,
          samples: SAMPLES * 2,
          port: port + 5,
          pgAdminUrl: PG_ADMIN_URL,
          root: ROOT,
          log,
          reuse: flag(`reuse-${engine}`, '') || undefined,
        }),
      );
    }
    if (only('open-data')) {
      openData.push(
        await benchOpenData({
          engine,
          requests: ROWS,
          samples: SAMPLES,
          port: port + 6,
          pgAdminUrl: PG_ADMIN_URL,
          root: ROOT,
          log,
          reuse: flag(`reuse-${engine}`, '') || undefined,
        }),
      );
    }
    port += 2;
  }
  const parts: Record<string, string> = {
    public: results.length > 0 ? report(results) : '',
    poles: poles.length > 0 ? polesReport(poles, SAMPLES * 2) : '',
    nearby: nearby.length > 0 ? nearbyReport(nearby, SAMPLES * 2) : '',
    'open-data': openData.length > 0 ? openDataReport(openData, SAMPLES) : '',
  };
  // `--only filing` runs the public part's filing rounds alone: its table is the public part's.
  const text = ONLY ? (parts[ONLY === 'filing' ? 'public' : ONLY] ?? '') : Object.values(parts).join('\n');
  const name = ONLY ? `${ONLY}-latest.md` : 'latest.md';
  const out = join(ROOT, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, name), text);
  process.stdout.write(text);
  log(`\nWritten to bench/results/${name}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
