// `npm run bench:reports`: fills a fresh database with 100,000 requests, then, for each
// report export (PDF and CSV of the three reports), starts the API in a process of its
// own, downloads the export from this process and prints time to first byte, total time, size and the
// server process's peak memory growth (RSS above its level once booted and signed in).
// Not a timed test: figures depend on the machine. SQLite by default;
// BENCH_DATABASE_URL=postgres://... (an empty database) runs it on PostgreSQL.
// BENCH_ROWS changes the number of requests; BENCH_KEEP=1 keeps the SQLite file;
// BENCH_ONLY=requests.pdf,area.csv runs some exports only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PROBLEM_TYPES, REQUEST_STATUSES } from '@acende/shared/enums';
import { buildApp } from '../apps/api/src/app.ts';
import { createDatabase, type Db } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { NewRepairRequest } from '../apps/api/src/db/schema.ts';
import { seedExampleCompanies } from '../apps/api/src/db/seed.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { testConfig } from '../apps/api/test/engines.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BATCH = 1000;
const PASSWORD = 'bench-password-123';
const DISTRICTS = ['Centro', 'Moinhos de Vento', 'Cidade Baixa', 'Menino Deus', 'Petrópolis', 'Partenon', null];
const CITIES = ['Porto Alegre', 'Canoas', 'Gravataí', null];
const ALL_EXPORTS = ['requests', 'area', 'location-map'].flatMap((k) => [`${k}.csv`, `${k}.pdf`]);
const EXPORTS = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : ALL_EXPORTS;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function seed(db: Db) {
  const now = new Date();
  await seedExampleCompanies(db, now.toISOString());
  console.log(`Seeding ${ROWS} requests...`);
  const seedStarted = Date.now();
  const start = now.getTime() - 365 * 86_400_000;
  for (let offset = 0; offset < ROWS; offset += BATCH) {
    const values: NewRepairRequest[] = [];
    for (let i = offset; i < Math.min(ROWS, offset + BATCH); i++) {
      const created = new Date(start + Math.floor((i / ROWS) * 360 * 86_400_000)).toISOString();
      const status = REQUEST_STATUSES[i % 7 < 3 ? 0 : i % 7 < 4 ? 1 : i % 7 < 6 ? 2 : 3] as string;
      values.push({
        name: `Cidadão ${i}`,
        phone: `(51) 9${String(i).padStart(4, '0')}-0000`,
        address: `Rua ${['dos Andradas', 'João Pessoa', 'Ipiranga', 'Protásio Alves'][i % 4]}, ${i % 3000} — bloco ${i % 17}`,
        problemType: PROBLEM_TYPES[i % 4] as string,
        latitude: (-30.2 + ((i * 7919) % 10_000) / 25_000).toFixed(6),
        longitude: (-51.3 + ((i * 104_729) % 10_000) / 25_000).toFixed(6),
        companyId: 1 + (i % 3),
        status,
        trackingTokenHash: `bench-${i}`,
        district: DISTRICTS[i % DISTRICTS.length] ?? null,
        city: CITIES[i % CITIES.length] ?? null,
        createdAt: created,
        updatedAt:
          status === 'completed' ? new Date(Date.parse(created) + ((i % 200) + 1) * 3_600_000).toISOString() : created,
      });
    }
    await db.insertInto('repairRequests').values(values).execute();
  }
  // Completion events for the completed requests, as status changes leave them.
  await db
    .insertInto('requestEvents')
    .columns(['requestId', 'kind', 'toStatus', 'createdAt'])
    .expression((eb) =>
      eb
        .selectFrom('repairRequests')
        .select(['id', eb.val('status').as('kind'), 'status', 'updatedAt'])
        .where('status', '=', 'completed'),
    )
    .execute();
  console.log(`Seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

  await db
    .insertInto('admins')
    .values({
      username: 'bench',
      passwordHash: await hashPassword(PASSWORD),
      name: 'Bench',
      role: 'admin',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .execute();
}

/**
 * Server mode: the API alone in its process. Prints "ready <url> <cookie>", samples its
 * RSS until a line arrives on stdin, then prints its peak growth as JSON and exits.
 */
async function serve(databaseUrl: string) {
  const config = testConfig(databaseUrl);
  const db = createDatabase(config.DATABASE_URL);
  const app = await buildApp({ config, db, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  console.log(`ready ${address} ${cookie}`);
  process.stdin.once('data', async () => {
    clearInterval(sampler);
    console.log(JSON.stringify({ growth: Math.max(peak, process.memoryUsage().rss) - baseline }));
    await app.close();
    await db.destroy();
    process.exit(0);
  });
}

/** Starts a server process, downloads one export from it here and returns the figures. */
async function measure(url: string, name: string) {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', import.meta.filename, '--serve'], {
    env: { ...process.env, BENCH_DATABASE_URL: url },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  const ready = await next();
  const [, address, cookie] = ready.split(' ');
  const started = performance.now();
  const res = await fetch(`${address}/api/admin/reports/${name}`, { headers: { cookie: cookie ?? '' } });
  if (!res.ok || !res.body) throw new Error(`${name}: ${res.status}`);
  const reader = res.body.getReader();
  let firstByte = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - started;
    bytes += value.byteLength;
  }
  const total = performance.now() - started;
  const result = next();
  child.stdin?.write('done\n');
  const { growth } = JSON.parse(await result) as { growth: number };
  return { firstByte, total, bytes, growth };
}

async function main() {
  const dir = process.env.BENCH_DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'acende-bench-'));
  const url = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir as string, 'bench.db')}`;
  const config = testConfig(url);
  const db = createDatabase(config.DATABASE_URL);
  await migrateToLatest(db);
  const existing = await db
    .selectFrom('repairRequests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) === 0) await seed(db);
  else console.log(`Using the ${existing.n} requests already in the database`);
  await db.destroy();

  const results: string[][] = [];
  for (const name of EXPORTS) {
    const r = await measure(url, name);
    results.push([
      name,
      `${r.firstByte.toFixed(0)} ms`,
      `${(r.total / 1000).toFixed(2)} s`,
      `${mb(r.bytes)} MB`,
      `${mb(r.growth)} MB`,
    ]);
    console.log(results.at(-1)?.join('  '));
  }

  const count = ROWS;
  console.log(`\nReport exports over ${count} requests (${config.dialect}, Node ${process.version}):`);
  const header = ['export', 'first byte', 'total', 'size', 'peak memory growth'];
  const widths = header.map((h, i) => Math.max(h.length, ...results.map((r) => (r[i] as string).length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ');
  console.log(format(header));
  for (const r of results) console.log(format(r));
  if (dir && process.env.BENCH_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
  else if (dir) console.log(`Kept ${url}`);
}

if (process.argv.includes('--serve')) await serve(process.env.BENCH_DATABASE_URL as string);
else await main();
