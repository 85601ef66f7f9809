// Issue 33 item 6, on the built server: the open-data file's ETag changes with every committed
// write, including one that another connection (another instance) commits late with an
// updated_at older than the newest request's, which leaves max(id) and max(updated_at) as they
// were. While that write is not committed the ETag stays; once it is, the ETag moves and the
// file shows the change.
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { OPEN_DATA_VERSION_TTL_MS } from '../../apps/api/src/features/open-data/open-data.service.ts';
import { call, validRequest } from '../support/client.ts';
import { ENGINES, startFresh, type TestDatabase } from '../support/server.ts';
import { record } from '../support/summary.ts';

const CSV = '/api/open-data/requests.csv';

/** A write transaction on a connection of the test's own, held open until `commit`. */
async function lateWrite(database: TestDatabase, id: number) {
  const update = `update repair_requests set status = 'in_progress', updated_at = created_at where id = ${id}`;
  if (database.file) {
    const db = new Database(database.file);
    db.exec('begin immediate');
    db.exec(update);
    return {
      commit: async () => {
        db.exec('commit');
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('begin');
  await client.query(update);
  return {
    commit: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

describe.each(ENGINES)('the open-data ETag and a late commit [%s]', (engine) => {
  it('stays while the write is open and changes once it commits, older updated_at and all', async () => {
    const env = await startFresh(engine, { label: 'open-data-etag' });
    try {
      const base = env.server.url;
      const first = await call(base, 'POST', '/api/repair-requests', { body: validRequest });
      expect(first.status).toBe(201);
      expect((await call(base, 'POST', '/api/repair-requests', { body: validRequest })).status).toBe(201);
      // Each read after the instance's reuse of the version it read last (1 s) has passed.
      const read = async () => {
        await new Promise((resolve) => setTimeout(resolve, OPEN_DATA_VERSION_TTL_MS + 50));
        const answer = await call(base, 'GET', CSV);
        expect(answer.status).toBe(200);
        return { etag: answer.headers.get('etag'), text: answer.text };
      };
      const before = await read();
      expect(before.etag).toBeTruthy();
      const write = await lateWrite(env.database, first.json.id);
      const open = await read();
      await write.commit();
      const after = await read();
      record(`open data ETag [${engine}]: ${before.etag} → open write ${open.etag} → committed ${after.etag}`);
      expect(open.etag).toBe(before.etag);
      expect(after.etag).not.toBe(before.etag);
      expect(after.text).toContain('in_progress');
      expect(before.text).not.toContain('in_progress');
    } finally {
      await env.close();
    }
  }, 60_000);
});
