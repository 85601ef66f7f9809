// `npm run bench:pole-labels`: one company of 100,000 poles (BENCH_POLES changes it) on a
// fresh SQLite database, printed as QR labels through the real route over HTTP: time to
// first byte, total time, size, and this process's peak RSS sampled every 200 ms (the
// labels are written a sheet at a time behind the reader, so it should not grow with N).
// Not a timed test: figures depend on the machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { seedExampleCompanies } from '../apps/api/src/db/seed.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { testConfig } from '../apps/api/test/engines.ts';

const N = Number(process.env.BENCH_POLES ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), 'acende-labels-bench-'));
const config = testConfig(`sqlite:${join(dir, 'a.db')}`);
const db = createDatabase(config.DATABASE_URL);
await migrateToLatest(db);
const now = new Date().toISOString();
await seedExampleCompanies(db, now);
for (let b = 0; b < N; b += 1000) {
  await db
    .insertInto('poles')
    .values(
      Array.from({ length: Math.min(1000, N - b) }, (_, i) => ({
        companyId: 1,
        number: `P-${String(b + i).padStart(6, '0')}`,
        latitude: -30,
        longitude: -51,
        street: null,
        description: null,
        active: 1,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}
await db
  .insertInto('admins')
  .values({
    username: 'b',
    passwordHash: await hashPassword('secret-123'),
    name: 'B',
    email: null,
    role: 'admin',
    createdAt: now,
    updatedAt: now,
  })
  .execute();
const app = await buildApp({ config, db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'b', password: 'secret-123' }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
let peak = 0;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 200);
const t0 = performance.now();
let first = 0;
let bytes = 0;
await new Promise<void>((resolve, reject) => {
  const req = request(
    {
      host: '127.0.0.1',
      port,
      path: '/api/admin/poles/labels',
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
    },
    (res) => {
      console.log('status', res.statusCode, res.headers['content-disposition'], res.headers['x-label-count']);
      res.on('data', (c: Buffer) => {
        if (!first) first = performance.now() - t0;
        bytes += c.length;
      });
      res.on('end', () => resolve());
      res.on('error', reject);
    },
  );
  req.end(JSON.stringify({ companyId: 1 }));
});
clearInterval(timer);
console.log(
  JSON.stringify({
    labels: N,
    firstByteMs: Math.round(first),
    totalS: Math.round((performance.now() - t0) / 100) / 10,
    mb: Math.round(bytes / 1e5) / 10,
    peakRssMb: Math.round(peak / 1e6),
  }),
);
await app.close();
await db.destroy();
rmSync(dir, { recursive: true, force: true });
