// Field work at scale (issue 37, decisions 0067–0068), `npm run bench -- --only work-orders`:
// one company with 200 crews × 30 stops a day and a year of history (73,000 work orders,
// 2.19 million stops), then over HTTP on the built server: a crew's day list, a supervisor
// ordering 50 stops into a work order, and a phone syncing 30 queued actions.
// Targets: day list p95 < 50 ms; ordering 50 stops < 200 ms; syncing 30 actions < 2 s.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { createDatabase, type Db } from '../apps/api/src/db/database.ts';
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
import { insertHistory, insertToday, type SeededDay } from './work-orders.seed.ts';

export type WorkOrdersOptions = NearbyOptions & { crews: number; stops: number; days: number };

export interface WorkOrdersResult {
  engine: string;
  requests: number;
  workOrders: number;
  stops: number;
  seedSeconds: number;
  load: number[];
  dayList: Timing;
  ordering: Timing;
  sync: Timing;
  syncResults: string;
}

const PASSWORD = 'bench-crew-password';
const DAY_LIST_TARGET = 50;
const ORDERING_TARGET = 200;
const SYNC_TARGET = 2000;

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${username}: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

async function timed(call: () => Promise<Response>, expect: number): Promise<number> {
  const started = performance.now();
  const res = await call();
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== expect) throw new Error(`answered ${res.status}: ${body.slice(0, 300)}`);
  return ms;
}

async function measure(base: string, day: SeededDay, samples: number, log: (t: string) => void) {
  const json = (cookie: string, body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  // A crew's day list: each sample another crew's phone.
  const dayTimes: number[] = [];
  const cookies: string[] = [];
  for (const crew of day.crews.slice(0, Math.min(day.crews.length, 20)))
    cookies.push(await signIn(base, crew.username));
  for (let i = 0; i < samples; i++) {
    const cookie = cookies[i % cookies.length] as string;
    dayTimes.push(await timed(() => fetch(`${base}/api/crew/day?day=${day.day}`, { headers: { cookie } }), 200));
  }
  log('  day list done');
  // A supervisor orders 50 stops: each sample a fresh set of 50 open requests.
  const admin = await signIn(base, 'bench-supervisor');
  const orderTimes: number[] = [];
  for (const [i, ids] of day.spareSets.entries()) {
    const crew = day.crews[i % day.crews.length]!;
    orderTimes.push(
      await timed(
        () =>
          fetch(
            `${base}/api/admin/work-orders`,
            json(admin, { crewId: crew.id, day: day.tomorrow, requestIds: ids, overdueFirst: true }),
          ),
        201,
      ),
    );
  }
  log('  ordering done');
  // A phone syncs 30 queued actions: arrive and fix at 15 stops of its crew's day.
  const syncTimes: number[] = [];
  const tally = new Map<string, number>();
  for (const [i, crew] of day.crews.slice(0, Math.min(cookies.length, 10)).entries()) {
    const cookie = cookies[i] as string;
    const res = await fetch(`${base}/api/crew/day?day=${day.day}`, { headers: { cookie } });
    const data = (await res.json()) as { workOrders: { stops: { id: number; updatedAt: string }[] }[] };
    const stops = data.workOrders.flatMap((o) => o.stops).slice(0, 15);
    // The phone's times: the last hour, in the order the stops were worked.
    const at = (minutes: number) => new Date(Date.now() - (160 - minutes) * 20_000).toISOString();
    const actions = stops.flatMap((stop, n) => [
      {
        key: `bench-${crew.id}-${stop.id}-a`,
        kind: 'arrive',
        stopId: stop.id,
        at: at(n * 10),
        seenUpdatedAt: stop.updatedAt,
      },
      {
        key: `bench-${crew.id}-${stop.id}-f`,
        kind: 'fix',
        stopId: stop.id,
        at: at(n * 10 + 8),
        seenUpdatedAt: stop.updatedAt,
        notes: 'Lâmpada trocada',
        materials: day.materialId ? [{ materialId: day.materialId, quantity: 1 }] : [],
      },
    ]);
    const started = performance.now();
    const answer = await fetch(`${base}/api/crew/sync`, json(cookie, { actions }));
    const body = (await answer.json()) as { results?: { result: string; message: string | null }[] };
    syncTimes.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`sync answered ${answer.status}: ${JSON.stringify(body)}`);
    for (const r of body.results ?? []) {
      const what = r.result === 'applied' || r.result === 'replayed' ? r.result : `${r.result} (${r.message})`;
      tally.set(what, (tally.get(what) ?? 0) + 1);
    }
  }
  log('  sync done');
  const syncResults = [...tally].map(([k, v]) => `${v} ${k}`).join(', ');
  return {
    dayList: percentiles(dayTimes),
    ordering: percentiles(orderTimes),
    sync: percentiles(syncTimes),
    syncResults,
  };
}

export async function benchWorkOrders(options: WorkOrdersOptions): Promise<WorkOrdersResult> {
  const { engine, log } = options;
  const asPoles: PolesOptions = { ...options, poles: 0 };
  const dir = mkdtempSync(join(tmpdir(), `acende-bench-work-${engine}-`));
  const { url, drop } = await openDatabase(asPoles, dir);
  let server: ChildProcess | undefined;
  const db: Db = createDatabase(url, { poolSize: 4 });
  try {
    await seedBenchRequests({ ...options, reuse: undefined }, db, url, dir, log);
    const started = performance.now();
    log(`[${engine}] ${options.crews} crews × ${options.stops} stops × ${options.days} days…`);
    const day = await insertToday(db, options, PASSWORD);
    const history = await insertHistory(db, day, options, log);
    await db.executeQuery(CompiledQuery.raw(engine === 'postgres' ? 'vacuum analyze' : 'analyze'));
    const seedSeconds = (performance.now() - started) / 1000;
    server = startServer(asPoles, url, dir);
    const base = `http://127.0.0.1:${options.port}`;
    await waitForHttp(`${base}/api/health`);
    const load = loadavg();
    const timings = await measure(base, day, options.samples, log);
    return {
      engine,
      requests: options.requests,
      workOrders: history.workOrders,
      stops: history.stops,
      seedSeconds,
      load,
      ...timings,
    };
  } finally {
    if (server) await stopServer(server);
    await db.destroy();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (t: number) => `${t.toFixed(1)} ms`;
const verdict = (value: number, target: number) => (value < target ? 'met' : '**missed**');

export function workOrdersReport(results: WorkOrdersResult[]): string {
  const lines = [
    '# Field work at scale (issue 37)',
    '',
    'One company, 200 crews × 30 stops a day, a year of history; the built server over HTTP.',
    '',
    '| engine | work orders | stops | seed (s) | load (1/5/15 min) |',
    '|---|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${r.workOrders.toLocaleString('en')} | ${r.stops.toLocaleString('en')} | ${r.seedSeconds.toFixed(0)} | ${r.load.map((l) => l.toFixed(2)).join(' / ')} |`,
    ),
    '',
    '| engine | call | p50 | p95 | max | target | |',
    '|---|---|---:|---:|---:|---|---|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.engine} | a crew's day list (GET /api/crew/day) | ${ms(r.dayList.p50)} | ${ms(r.dayList.p95)} | ${ms(r.dayList.max)} | p95 < ${DAY_LIST_TARGET} ms | ${verdict(r.dayList.p95, DAY_LIST_TARGET)} |`,
      `| ${r.engine} | ordering 50 stops (POST /api/admin/work-orders) | ${ms(r.ordering.p50)} | ${ms(r.ordering.p95)} | ${ms(r.ordering.max)} | < ${ORDERING_TARGET} ms | ${verdict(r.ordering.max, ORDERING_TARGET)} |`,
      `| ${r.engine} | syncing 30 actions (POST /api/crew/sync) | ${ms(r.sync.p50)} | ${ms(r.sync.p95)} | ${ms(r.sync.max)} | < ${SYNC_TARGET} ms | ${verdict(r.sync.max, SYNC_TARGET)} |`,
    );
  }
  lines.push('', `Sync answers: ${results.map((r) => `${r.engine}: ${r.syncResults}`).join('; ')}.`, '');
  return lines.join('\n');
}
