// Issue 39, second fault: the disk fills up. The SQLite database, the data folder and the photo
// store (PHOTO_STORE=dir) live on a small tmpfs the test mounts (as root); a filler file takes
// the rest of it. Filings and photo uploads then answer 503 in the reader's language (never a
// 500), reads and health go on answering, nothing is half-written, and once the filler is gone
// the service files again by itself; integrity_check says ok and rows = 201s.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { smallPng } from '../../apps/api/test/photos.ts';
import { translate } from '../../packages/shared/src/i18n/catalogues.ts';
import { type Answer, call, validRequest } from '../support/client.ts';
import { waitUntil } from '../support/fault-load.ts';
import { integrityCheck, startServer, type TestDatabase } from '../support/server.ts';
import { record } from '../support/summary.ts';

const asRoot = process.getuid?.() === 0;

/** Writes zeros into `file` until the filesystem refuses (ENOSPC); answers the bytes written. */
function fill(file: string): number {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(256 * 1024);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}

function sqliteDatabase(file: string): TestDatabase {
  return {
    engine: 'sqlite',
    url: `sqlite:${file}`,
    file,
    async query<T>(text: string, params: unknown[] = []) {
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare(text).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    drop: async () => undefined,
  };
}

describe('the disk fills up [sqlite]', () => {
  it.skipIf(!asRoot)(
    'refuses writes with a 503, keeps reading, writes nothing half and recovers by itself',
    async () => {
      const mount = mkdtempSync(join(tmpdir(), 'acende-full-disk-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m,mode=0700', 'tmpfs', mount]);
      const database = sqliteDatabase(join(mount, 'acende.db'));
      const photos = join(mount, 'photos');
      let server: Awaited<ReturnType<typeof startServer>> | undefined;
      try {
        server = await startServer(database, {
          label: 'faults-disk',
          dataDir: join(mount, 'data'),
          env: { LOG_LEVEL: 'warn', PHOTO_STORE: 'dir', PHOTO_DIR: photos },
        });
        const base = server.url;
        const file = (language: 'pt' | 'en') =>
          call(base, 'POST', '/api/repair-requests', { body: validRequest, headers: { 'accept-language': language } });
        const png = await smallPng();
        const upload = (id: number, token: string, language = 'pt') =>
          call(base, 'POST', `/api/repair-requests/${id}/photos?t=${encodeURIComponent(token)}`, {
            raw: png as unknown as string,
            headers: { 'content-type': 'image/png', 'accept-language': language },
          });
        const acknowledged: number[] = [];
        const many = async (n: number) => {
          const answers = await Promise.all(Array.from({ length: n }, (_, i) => file(i % 2 ? 'en' : 'pt')));
          for (const a of answers) if (a.status === 201) acknowledged.push(a.json.id);
          return answers;
        };
        const before = await many(20);
        expect(before.map((a) => a.status)).toEqual(Array(20).fill(201));
        const first = before[0]?.json as { id: number; trackingToken: string };
        expect((await upload(first.id, first.trackingToken)).status).toBe(201);

        const filler = join(mount, 'filler');
        const filled = fill(filler);
        // SQLite's write-ahead log may still have room from before, and a checkpoint can rewind
        // it (without freeing its pages) after a refusal, so filings go on, now and then, until
        // the log needs to grow and the database file cannot take its pages back. Each is a 201
        // or a 503, never anything else; it ends with twenty in a row refused.
        let beforeFull = 0;
        let refusedFilings: Answer[] = [];
        for (let round = 0; round < 200; round++) {
          const batch = await many(20);
          expect(batch.filter((a) => a.status !== 201 && a.status !== 503).map((a) => a.status)).toEqual([]);
          beforeFull += batch.filter((a) => a.status === 201).length;
          if (batch.every((a) => a.status === 503)) {
            refusedFilings = batch;
            break;
          }
        }
        const refusedPhoto = await upload(first.id, first.trackingToken, 'en');
        const language = (_a: Answer, i: number) => (i % 2 ? 'en' : 'pt') as 'pt' | 'en';
        expect(refusedFilings.map((a) => a.status)).toEqual(Array(20).fill(503));
        refusedFilings.forEach((a, i) => {
          expect(a.json.message).toBe(translate(language(a, i), 'common.errors.storageFull'));
        });
        expect(refusedPhoto.status).toBe(503);
        expect(refusedPhoto.json.message).toBe(translate('en', 'common.errors.storageFull'));
        // Everything else goes on: the tracking read, health, the public lists.
        const read = await call(base, 'GET', `/api/repair-requests/${first.id}?t=${first.trackingToken}`);
        expect(read.status).toBe(200);
        expect((await call(base, 'GET', '/api/health')).json).toEqual({ status: 'ok', database: 'up' });

        unlinkSync(filler);
        const recoveryMs = await waitUntil(
          async () => {
            const answer = await file('pt');
            if (answer.status === 201) acknowledged.push(answer.json.id);
            return answer.status === 201;
          },
          10_000,
          'a filing accepted once space returned',
        );
        const after = await many(20);
        expect(after.map((a) => a.status)).toEqual(Array(20).fill(201));
        expect((await upload(first.id, first.trackingToken)).status).toBe(201);
        await server.stop();

        const integrity = await integrityCheck(database);
        expect(integrity).toBe('ok');
        const rows = Number((await database.query<{ n: number }>('select count(*) as n from repair_requests'))[0]?.n);
        const seeded = rows - acknowledged.length;
        expect(seeded).toBeGreaterThanOrEqual(0);
        const stored = await database.query<{ id: number }>(
          `select id from repair_requests where id in (${acknowledged.map(() => '?').join(',')})`,
          acknowledged,
        );
        expect(stored.length).toBe(acknowledged.length);
        // Two photos stored (before and after), each as a full image and a thumbnail: no stray file.
        const photoRows = Number(
          (await database.query<{ n: number }>('select count(*) as n from request_photos'))[0]?.n,
        );
        expect(photoRows).toBe(2);
        expect(readdirSync(photos).length).toBe(4);
        record(
          `faults: disk full (SQLite on a 32 MB tmpfs, ${Math.round(filled / 1e6)} MB filler): ` +
            `${acknowledged.length} filings acknowledged (${beforeFull} of them in the log's room left after the filler), ` +
            `${stored.length} stored, 20 in a row refused 503 + 1 photo refused 503; ` +
            `first 201 ${Math.round(recoveryMs)} ms after space returned; ` +
            `integrity_check ${integrity}`,
        );
      } finally {
        await server?.stop();
        execFileSync('umount', ['-l', mount]);
        rmSync(mount, { recursive: true, force: true });
      }
    },
  );
});
