// Filings that vary like real ones (issue 40): a different name, phone, address and reference
// each time, two in three with an e-mail, one in eight about a registry pole, every problem
// type, spread over the neighbourhoods and the active companies. One identical body kept the
// trigram indexes' posting lists small and flattered PostgreSQL. Seeded: both engines, every
// server and every round get the same sequence.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { PROBLEM_TYPES } from '@acende/shared/enums';
import { randomSource } from '../apps/api/src/db/seed-requests.build.ts';
import { DISTRICTS, FIRST_NAMES, REFERENCES, STREETS, SURNAMES } from '../apps/api/src/db/seed-requests.samples.ts';
import type { PublicRequestValues } from '../apps/api/src/hot-path/request-statements.ts';

export interface FilingPole {
  id: number;
  companyId: number;
}

const DOMAINS = ['gmail.com', 'hotmail.com', 'yahoo.com.br', 'outlook.com', 'uol.com.br', 'terra.com.br'];
/** Lower case ASCII letters only, for an e-mail's local part. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** `count` JSON bodies of POST /api/repair-requests, all different. */
export function variedFilings(
  count: number,
  options: { companyIds: number[]; poles?: FilingPole[]; seed?: number },
): string[] {
  const random = randomSource(options.seed ?? 40);
  const poles = options.poles ?? [];
  const bodies: string[] = [];
  for (let n = 0; n < count; n++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(SURNAMES);
    const middle = random.next() < 0.4 ? ` ${random.pick(SURNAMES)}` : '';
    const [district, lat, lon] = random.pick(DISTRICTS);
    const pole = poles.length && random.next() < 1 / 8 ? random.pick(poles) : undefined;
    const companyId = pole?.companyId ?? random.pick(options.companyIds);
    const digits = String(random.int(10_000_000, 99_999_999));
    const phone = random.next() < 0.5 ? `(51) 9${digits.slice(0, 4)}-${digits.slice(4)}` : `519${digits}`;
    const withEmail = random.next() < 2 / 3;
    bodies.push(
      JSON.stringify({
        name: random.next() < 0.9 ? `${first}${middle} ${last}` : '',
        email: withEmail ? `${fold(first)}.${fold(last)}${random.int(1, 9999)}@${random.pick(DOMAINS)}` : '',
        phone,
        address: `${random.pick(STREETS)}, ${random.int(1, 4000)} - ${district}`,
        reference: random.next() < 0.6 ? `${random.pick(REFERENCES)} (${random.int(1, 999)})` : '',
        problemType: random.pick(PROBLEM_TYPES),
        latitude: (lat + (random.next() - 0.5) * 0.02).toFixed(6),
        longitude: (lon + (random.next() - 0.5) * 0.02).toFixed(6),
        company: String(companyId),
        ...(pole ? { pole: String(pole.id) } : {}),
      }),
    );
  }
  return bodies;
}

/** One server's filings of one 10 s round. */
const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The stored values of `count` varied filings, each with its own token and key (the hot path's statements, without HTTP). */
export function filedValues(count: number, companyIds: number[]): PublicRequestValues[] {
  const now = new Date().toISOString();
  return variedFilings(count, { companyIds }).map((body) => {
    const input = JSON.parse(body) as Record<string, string>;
    const token = randomBytes(16).toString('base64url');
    return {
      name: input.name || null,
      email: input.email || null,
      phone: input.phone as string,
      address: input.address as string,
      reference: input.reference || null,
      problemType: input.problemType as string,
      latitude: input.latitude as string,
      longitude: input.longitude as string,
      companyId: Number(input.company),
      poleId: null,
      poleNumber: null,
      district: null,
      city: null,
      areaRetryAt: null,
      smsTo: null,
      whatsappTo: null,
      mediaUrl: null,
      language: 'pt',
      trackingTokenHash: hash(token),
      idempotencyKeyHash: hash(`key ${token}`),
      idempotencyHash: hash(body),
      createdAt: now,
    } as PublicRequestValues;
  });
}

export interface FilingLoad {
  rps: number;
  /** The answers counted. */
  total: number;
  p50: number;
  p99: number;
  errors: number;
}

/** CPU time a round took, in ms per 1,000 filings: the server's process, PostgreSQL's, the load generator's. */
export interface FilingCpu {
  server: number;
  database: number;
  client: number;
}

export interface FilingRound {
  server: string;
  round: number;
  load: FilingLoad;
  cpu?: FilingCpu;
}

const TICK_MS = 10; // Linux's USER_HZ is 100 on every architecture's ABI.

/** A process's CPU time so far (user and system; with `reaped`, its ended children's too), in ms. */
function processCpuMs(pid: number, reaped = false): number {
  try {
    // The fields after the command's closing parenthesis: utime is the 12th, cstime the 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
    return (utime + stime + (reaped ? cutime + cstime : 0)) * TICK_MS;
  } catch {
    return 0; // gone
  }
}

/** Every PostgreSQL process's CPU time so far, with the ended backends' the postmaster reaped. */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (!/^Name:\s+postgres$/m.test(status)) continue;
      const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      // The postmaster (its parent is not postgres) carries its reaped children's time.
      const parentIsPostgres = /^Name:\s+postgres$/m.test(readFileSync(`/proc/${parent}/status`, 'utf8'));
      total += processCpuMs(Number(entry), !parentIsPostgres);
    } catch {
      // gone
    }
  }
  return total;
}

/** Starts measuring the CPU time of a round: answers the split when called again. */
function cpuMeter(serverPid: number | undefined): (filings: number) => FilingCpu | undefined {
  if (serverPid === undefined) return () => undefined;
  const start = { server: processCpuMs(serverPid), database: postgresCpuMs(), client: process.cpuUsage() };
  return (filings) => {
    const per = 1000 / Math.max(1, filings);
    const client = process.cpuUsage(start.client);
    return {
      server: (processCpuMs(serverPid) - start.server) * per,
      database: (postgresCpuMs() - start.database) * per,
      client: ((client.user + client.system) / 1000) * per,
    };
  };
}

/** The filing servers, in the order they run: each runs its rounds back to back (a slide shows). */
export async function filingRounds(options: {
  /** With a pid, each round's CPU time is measured (Linux /proc). */
  servers: { name: string; base: string; pid?: number }[];
  rounds: number;
  run: (base: string) => Promise<FilingLoad>;
  /** Run unreported on each server before its rounds, the same for all three (JIT, plans, pools). */
  warmUp?: (base: string) => Promise<unknown>;
  log: (line: string) => void;
}): Promise<FilingRound[]> {
  const rounds: FilingRound[] = [];
  for (const { name, base, pid } of options.servers) {
    if (options.warmUp) {
      options.log(`  POST /api/repair-requests on ${name}, warm-up (not reported)`);
      await options.warmUp(base);
    }
    for (let round = 1; round <= options.rounds; round++) {
      options.log(`  POST /api/repair-requests on ${name}, round ${round}/${options.rounds}`);
      const meter = cpuMeter(pid);
      const load = await options.run(base);
      const cpu = meter(load.total);
      const split = cpu
        ? `; CPU ms per 1,000: server ${Math.round(cpu.server)}, PostgreSQL ${Math.round(cpu.database)}, load ${Math.round(cpu.client)}`
        : '';
      options.log(`    ${Math.round(load.rps)} req/s, p99 ${load.p99} ms, ${load.errors} errors${split}`);
      rounds.push({ server: name, round, load, cpu });
    }
  }
  return rounds;
}

/**
 * The filing table of one engine: every round of every server, and for Acende's rounds the
 * issue's targets — ≥ 1.5× the seed-style server's and ≥ 0.5× the bare one's throughput (each
 * compared with the same round of that server), p99 ≤ 25 ms.
 */
export function filingReport(rounds: FilingRound[]): string[] {
  const of = (server: string, round: number) => rounds.find((r) => r.server === server && r.round === round)?.load;
  const f0 = (n: number) => Math.round(n).toLocaleString('en');
  const lines = [
    '| filing round | bare req/s | p99 ms | seed-style req/s | p99 ms | Acende req/s | p50 ms | p99 ms | × seed-style | × bare | ≥ 1.5×, ≥ 0.5×, p99 ≤ 25 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const { round, load: acende } of rounds.filter((r) => r.server === 'Acende')) {
    const bare = of('bare', round);
    const seed = of('seed-style', round);
    const vsSeed = seed ? acende.rps / seed.rps : Number.NaN;
    const vsBare = bare ? acende.rps / bare.rps : Number.NaN;
    const met = vsSeed >= 1.5 && vsBare >= 0.5 && acende.p99 <= 25;
    lines.push(
      `| ${round} | ${bare ? f0(bare.rps) : '–'} | ${bare?.p99 ?? '–'} | ${seed ? f0(seed.rps) : '–'} | ${seed?.p99 ?? '–'} | ${f0(acende.rps)} | ${acende.p50} | ${acende.p99} | ${vsSeed.toFixed(2)} | ${vsBare.toFixed(2)} | ${met ? 'yes' : '**NO**'} | ${acende.errors + (bare?.errors ?? 0) + (seed?.errors ?? 0)} |`,
    );
  }
  const measured = rounds.filter((r) => r.cpu);
  if (measured.length === 0) return lines;
  lines.push(
    '',
    'CPU time per 1,000 filings, ms (Linux /proc; PostgreSQL is every postgres process, ~0 on SQLite; the load generator is the bench):',
    '',
    '| server | round | server process | PostgreSQL | load generator | total |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const { server, round, cpu } of measured) {
    const c = cpu as FilingCpu;
    lines.push(
      `| ${server} | ${round} | ${f0(c.server)} | ${f0(c.database)} | ${f0(c.client)} | ${f0(c.server + c.database + c.client)} |`,
    );
  }
  return lines;
}
