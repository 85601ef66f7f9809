// Issue 26: a backup taken with `npm run db:backup` while the built server files requests
// under load, restored with `npm run db:restore` into a fresh database, serves every request
// whose 201 arrived before the backup began (read back with its token). SQLite: the backup
// API, then integrity_check; PostgreSQL: pg_dump/pg_restore, when pg_dump is on PATH.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/built-server.ts';
import { call } from '../support/client.ts';
import { fileAndReadLoad } from '../support/load.ts';
import {
  createDatabase,
  ENGINES,
  type Engine,
  integrityCheck,
  startServer,
  type TestDatabase,
} from '../support/server.ts';
import { record } from '../support/summary.ts';

interface Outcome {
  code: number | null;
  output: string;
}

/** Runs `npm run <script> -- args` on `database` (DATABASE_URL and DATA_DIR as the app reads them). */
function npmRun(script: string, args: string[], database: TestDatabase, dataDir: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
const count = async (database: TestDatabase) =>
  Number((await database.query<{ n: number | string }>('select count(*) as n from repair_requests'))[0]?.n);

describe.each(ENGINES)('backup under load, restored into a fresh database [%s]', (engine: Engine) => {
  it.skipIf(engine === 'postgres' && !hasPgDump)(
    'serves every request acknowledged before the backup began',
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'acende-backup-'));
      const backupFile = join(work, `acende.${engine === 'sqlite' ? 'db' : 'dump'}`);
      const source = await createDatabase(engine);
      const restored = await createDatabase(engine);
      const server = await startServer(source, { label: 'backup', env: { LOG_LEVEL: 'warn' } });
      let restoredServer: Awaited<ReturnType<typeof startServer>> | undefined;
      try {
        let began = 0;
        let ended = 0;
        let backup: Promise<Outcome> | undefined;
        const load = await fileAndReadLoad(server.url, {
          seconds: 12,
          connections: 30,
          during: {
            afterMs: 3000,
            run: () => {
              began = Date.now();
              backup = npmRun('db:backup', ['--out', backupFile], source, server.dataDir).then((outcome) => {
                ended = Date.now();
                return outcome;
              });
            },
          },
        });
        const made = await (backup as Promise<Outcome>);
        expect(made.code, made.output).toBe(0);
        // The moment the command began its copy, as it reports it (same clock): every 201
        // that reached us before it was for a transaction already committed.
        const stated = /committed before (\S+)\.$/m.exec(made.output)?.[1];
        const snapshotAt = Date.parse(stated ?? '');
        expect(snapshotAt, made.output).toBeGreaterThanOrEqual(began);
        const before = load.created.filter((c) => c.at < snapshotAt);
        const during = load.created.filter((c) => c.at >= snapshotAt && c.at <= ended);
        const after = load.created.filter((c) => c.at > ended);
        expect(before.length).toBeGreaterThan(100);
        // The server went on answering 201s while the backup ran, and after it.
        expect(during.length, 'requests acknowledged while the backup ran').toBeGreaterThan(0);
        expect(after.length, 'requests acknowledged after the backup').toBeGreaterThan(0);
        await server.stop();
        const liveRows = await count(source);

        const restoreDir = mkdtempSync(join(tmpdir(), 'acende-restored-data-'));
        const put = await npmRun('db:restore', ['--in', backupFile], restored, restoreDir);
        expect(put.code, put.output).toBe(0);
        restoredServer = await startServer(restored, { label: 'backup-restored', dataDir: restoreDir });
        let found = 0;
        for (const { id, token } of before) {
          const res = await call(
            restoredServer.url,
            'GET',
            `/api/repair-requests/${id}?t=${encodeURIComponent(token)}`,
          );
          expect(res.status, `request ${id}, acknowledged before the backup`).toBe(200);
          expect(res.json.masked, `request ${id} with its token`).toBe(false);
          found += 1;
        }
        const restoredRows = await count(restored);
        // A point in the middle of the load: what was filed after the backup is not in it.
        expect(restoredRows).toBeGreaterThanOrEqual(before.length);
        expect(restoredRows).toBeLessThan(liveRows);

        // Restores that would lose data are refused, and say what to do instead.
        const again = await npmRun('db:restore', ['--in', backupFile], restored, restoreDir);
        expect(again.code).not.toBe(0);
        if (engine === 'sqlite') {
          expect(again.output).toMatch(/exists.*--replace/s);
          const over = await npmRun('db:restore', ['--in', backupFile, '--replace'], restored, restoreDir);
          expect(over.code).not.toBe(0);
          expect(over.output).toMatch(/in use/);
          // A damaged backup: cut in half, or with pages in its middle overwritten.
          const bytes = readFileSync(backupFile);
          const scribbled = Buffer.from(bytes);
          const page = 4096;
          const middle = Math.floor(bytes.length / page / 2) * page;
          scribbled.fill(0xa5, middle, middle + 3 * page);
          for (const [name, damaged] of [
            ['truncated.db', bytes.subarray(0, Math.floor(bytes.length / 2))],
            ['scribbled.db', scribbled],
          ] as const) {
            const file = join(work, name);
            writeFileSync(file, damaged);
            const fresh = await createDatabase('sqlite');
            const broken = await npmRun('db:restore', ['--in', file], fresh, restoreDir);
            expect(broken.code, name).toBe(1);
            expect(broken.output, name).toMatch(/^The backup .* is damaged: /m);
            expect(existsSync(fresh.file as string), `no database made from ${name}`).toBe(false);
            await fresh.drop();
          }
        } else {
          expect(again.output).toMatch(/already has \d+ tables/);
        }
        // The restored server still answers after the refusals.
        const one = before[0] as { id: number; token: string };
        expect((await call(restoredServer.url, 'GET', `/api/repair-requests/${one.id}?t=${one.token}`)).status).toBe(
          200,
        );
        await restoredServer.stop();

        const integrity = await integrityCheck(restored);
        if (integrity !== null) expect(integrity).toBe('ok');
        record(
          `backup [${engine}]: ${load.created.length} answered 201 under load; backup copied for ${((ended - snapshotAt) / 1000).toFixed(1)} s ` +
            `with ${during.length} answered meanwhile; ${found}/${before.length} acknowledged before it found after restore; ` +
            `${restoredRows} rows restored of ${liveRows}; integrity_check ${integrity ?? 'n/a (PostgreSQL)'}`,
        );
        rmSync(restoreDir, { recursive: true, force: true });
      } finally {
        await server.stop();
        await restoredServer?.stop();
        await source.drop();
        await restored.drop();
        rmSync(server.dataDir, { recursive: true, force: true });
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
