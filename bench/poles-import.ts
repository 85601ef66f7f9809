// `npm run bench:poles-import`: imports 100,000 poles through the API over HTTP on each
// engine (SQLite, and PostgreSQL when one answers on 127.0.0.1:5432 or TEST_DATABASE_URL),
// each on a fresh database, and writes bench/results/issue-21-import.md: the preview, a
// first import (all new), the same file again (all unchanged), a file that moves every pole
// (all updated, streamed as NDJSON: time to the first progress line), and a GeoJSON import.
// Not a timed test: figures depend on the machine. BENCH_POLES changes the number of poles.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { seedExampleCompanies } from '../apps/api/src/db/seed.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { testConfig } from '../apps/api/test/engines.ts';
import { createTestDatabase, ENGINES, type Engine } from '../apps/api/test/test-databases.ts';

const POLES = Number(process.env.BENCH_POLES ?? 100_000);
const PASSWORD = 'bench-password-123';

function csv(shift: number): string {
  const lines = ['numero;latitude;longitude;rua;descricao'];
  for (let i = 0; i < POLES; i++) {
    const lat = (-30.2 + ((i * 7919) % 100_000) / 250_000 + shift).toFixed(6).replace('.', ',');
    const lon = (-51.3 + ((i * 104_729) % 100_000) / 250_000 + shift).toFixed(6).replace('.', ',');
    lines.push(`CE-${String(i).padStart(6, '0')};${lat};${lon};Rua ${i % 3000};Poste de concreto`);
  }
  return lines.join('\r\n');
}

function geojson(): string {
  const features = [];
  for (let i = 0; i < POLES; i++) {
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-51.3 + (i % 1000) / 5000, -30.2 + Math.floor(i / 1000) / 5000] },
      properties: { numero: `G${i}`, rua: `Rua ${i % 3000}` },
    });
  }
  return JSON.stringify({ type: 'FeatureCollection', features });
}

interface Row {
  step: string;
  size: string;
  seconds: number;
  note: string;
}

async function run(engine: Engine): Promise<Row[]> {
  const database = await createTestDatabase(engine);
  const config = testConfig(database.url);
  const db = createDatabase(config.DATABASE_URL);
  await migrateToLatest(db);
  const now = new Date().toISOString();
  await seedExampleCompanies(db, now);
  await db
    .insertInto('admins')
    .values({
      username: 'bench',
      passwordHash: await hashPassword(PASSWORD),
      name: 'Bench',
      role: 'admin',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const app = await buildApp({ config, db, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const rows: Row[] = [];

  const post = async (step: string, path: string, body: string, type: string, companyId: number, stream = false) => {
    const started = performance.now();
    const res = await fetch(`${address}/api/admin/poles/${path}?companyId=${companyId}`, {
      method: 'POST',
      headers: { cookie, 'content-type': type, ...(stream ? { accept: 'application/x-ndjson' } : {}) },
      body,
    });
    let note = '';
    if (stream && res.body) {
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      let first: number | undefined;
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += value;
        lines += value.split('\n').length - 1;
        if (first === undefined && value.includes('"done"')) first = performance.now();
      }
      const last = JSON.parse(text.trim().split('\n').at(-1) ?? '{}');
      note = `${lines} NDJSON lines, first after ${(((first ?? started) - started) / 1000).toFixed(2)} s; ${JSON.stringify(last.result ?? last)}`;
    } else {
      const answer = await res.json();
      note = JSON.stringify({ ...answer, errors: undefined });
    }
    if (res.status !== 200) throw new Error(`${step}: ${res.status} ${note}`);
    const seconds = (performance.now() - started) / 1000;
    rows.push({ step, size: `${(Buffer.byteLength(body) / 1024 / 1024).toFixed(1)} MB`, seconds, note });
    console.log(`[${engine}] ${step}: ${seconds.toFixed(2)} s`);
  };

  const first = csv(0);
  await post('CSV preview (all new)', 'import/preview', first, 'text/csv', 1);
  await post('CSV import (all new)', 'import', first, 'text/csv', 1);
  await post('CSV import, same file (all unchanged)', 'import', first, 'text/csv', 1);
  await post('CSV import, every pole moved (all updated, NDJSON)', 'import', csv(0.001), 'text/csv', 1, true);
  await post('GeoJSON import (all new)', 'import', geojson(), 'application/geo+json', 2);
  const count = await db
    .selectFrom('poles')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(count.n) !== 2 * POLES) throw new Error(`expected ${2 * POLES} poles, found ${count.n}`);

  await app.close();
  await db.destroy();
  await database.drop();
  return rows;
}

const sections: string[] = [];
for (const engine of ENGINES) {
  const rows = await run(engine);
  sections.push(
    [
      `## ${engine}`,
      '',
      '| step | file | seconds | answer |',
      '| --- | --- | ---: | --- |',
      ...rows.map((r) => `| ${r.step} | ${r.size} | ${r.seconds.toFixed(2)} | ${r.note.replaceAll('|', '\\|')} |`),
    ].join('\n'),
  );
}
const report = [
  '# Issue 21: importing 100,000 poles',
  '',
  `${new Date().toISOString()}, Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${POLES} poles per file.`,
  'Through the API over HTTP on 127.0.0.1 (`npm run bench:poles-import`): the time from sending the request to the last',
  'byte of the answer, so it includes reading the body, parsing, checking every row, comparing with the registry and the',
  'one transaction of batched upserts (1,000 rows per INSERT on SQLite, 2,000 on PostgreSQL).',
  'Figures depend on the machine and on what else runs on it.',
  '',
  ...sections.flatMap((s) => [s, '']),
].join('\n');
writeFileSync(join(import.meta.dirname, 'results', 'issue-21-import.md'), report);
console.log(report);
