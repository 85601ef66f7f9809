// Item 2 of issue 9: kill -9 of the built server in the middle of 50 connections filing
// requests; after a restart on the same database every request answered 201 is there
// (read back with its token), numbers are unique, and SQLite's integrity_check says ok.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call, validRequest } from '../support/client.ts';
import { fileAndReadLoad } from '../support/load.ts';
import { createDatabase, ENGINES, integrityCheck, startServer } from '../support/server.ts';
import { record } from '../support/summary.ts';

// The two engines at the same time, as the loads (load.test.ts): each server is killed under
// its own 50 connections while the other takes its share of the cores.
describe('kill -9 under load', () => {
  it.concurrent.each(ENGINES)(
    '[%s] keeps every request answered 201 and leaves the database intact',
    async (engine) => {
      const database = await createDatabase(engine);
      let server = await startServer(database, { label: 'crash', env: { LOG_LEVEL: 'warn' } });
      try {
        const killAfterMs = 10_000;
        const result = await fileAndReadLoad(server.url, {
          seconds: 14,
          connections: 50,
          during: { afterMs: killAfterMs, run: () => server.child.kill('SIGKILL') },
        });
        expect(await server.exited).toBe('SIGKILL');
        const acknowledged = result.created;
        expect(acknowledged.length).toBeGreaterThan(100);
        expect(new Set(acknowledged.map((a) => a.id)).size).toBe(acknowledged.length);

        server = await startServer(database, { label: 'crash-restart', dataDir: server.dataDir });
        const restarted = server;
        let survivors = 0;
        // Every acknowledged request read back with its token, eight reads on their way at once.
        const queue = [...acknowledged];
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            for (let next = queue.shift(); next; next = queue.shift()) {
              const { id, token } = next;
              const res = await call(restarted.url, 'GET', `/api/repair-requests/${id}?t=${encodeURIComponent(token)}`);
              expect(res.status, `request ${id}`).toBe(200);
              expect(res.json.masked, `request ${id} with its token`).toBe(false);
              survivors += 1;
            }
          }),
        );
        expect(survivors).toBe(acknowledged.length);
        const rows = (await database.query<{ n: number | string }>('select count(*) as n from repair_requests'))[0]?.n;
        expect(Number(rows)).toBeGreaterThanOrEqual(acknowledged.length);
        // The server still works after the crash: a new request gets the next free number.
        const after = await call(server.url, 'POST', '/api/repair-requests', { body: validRequest });
        expect(after.status).toBe(201);
        expect(acknowledged.map((a) => a.id)).not.toContain(after.json.id);
        await server.stop();
        const integrity = await integrityCheck(database);
        if (integrity !== null) expect(integrity).toBe('ok');
        record(
          `crash [${engine}]: kill -9 after ${killAfterMs / 1000}s of ${result.requests} answered requests; ` +
            `${acknowledged.length} answered 201, ${survivors} survived, ${rows} rows; integrity_check ${integrity ?? 'n/a (PostgreSQL)'}`,
        );
      } finally {
        await server.stop();
        await database.drop();
        rmSync(server.dataDir, { recursive: true, force: true });
      }
    },
  );
});
