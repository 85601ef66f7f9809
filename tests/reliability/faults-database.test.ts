// Issue 39, first fault: PostgreSQL restarts under 20 citizens filing and reading back — a fast
// restart, then a 30 s outage. On a PostgreSQL of the test's own (support/private-postgres.ts),
// never the shared cluster. During the outage every answer is a 503 in the reader's language
// within 5 s and /api/health says the database is down; the pool is back by itself within
// 5 s of the database; every filing answered 201 is stored; each e-mail goes exactly once.
import { describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { translate } from '../../packages/shared/src/i18n/catalogues.ts';
import { signIn } from '../support/client.ts';
import { byStatus, type Observed, startFaultLoad, waitUntil } from '../support/fault-load.ts';
import { privatePostgresAvailable, startPrivatePostgres } from '../support/private-postgres.ts';
import { startServer, type TestDatabase } from '../support/server.ts';
import { configureSmtp } from '../support/smtp.ts';
import { record } from '../support/summary.ts';

const OUTAGE_MS = 30_000;
const ANSWER_LIMIT_MS = 5000;
const RECOVERY_LIMIT_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for an e-mail to each of `mailed` and checks none came twice; answers the addresses received. */
async function eachEmailOnce(
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>,
  pg: Awaited<ReturnType<typeof startPrivatePostgres>>,
  tag: string,
  mailed: string[],
): Promise<string[]> {
  const mine = () => smtp.messages.filter((m) => m.envelopeTo.some((to) => to.startsWith(`${tag}-`)));
  // The outbox sends one e-mail at a time (~10 a second to the capture here); a quiet machine
  // files more under the load, so the wait grows with the e-mails made.
  const waitMs = Math.max(30_000, mailed.length * 200);
  await waitUntil(() => mine().length >= mailed.length, waitMs, `${mailed.length} e-mails`).catch(async (error) => {
    const rows = await pg.query(
      'select status, attempts, claimed_until is not null as claimed, last_error, count(*) as n from email_outbox ' +
        'group by 1, 2, 3, 4',
    );
    throw new Error(`${error.message}: ${mine().length} arrived; outbox ${JSON.stringify(rows)}`);
  });
  // A few more outbox rounds (every 2 s): nothing goes twice.
  await sleep(3000);
  const received = mine().map((m) => m.envelopeTo[0] as string);
  expect(received.length).toBe(mailed.length);
  expect(new Set(received)).toEqual(new Set(mailed));
  return received;
}

describe('PostgreSQL restarting under load [postgres]', () => {
  it.skipIf(!privatePostgresAvailable())(
    'answers 503 in the reader’s language during the outage, reconnects by itself and loses nothing',
    async () => {
      const pg = await startPrivatePostgres();
      const smtp = await startSmtpCapture();
      const database: TestDatabase = {
        engine: 'postgres',
        url: pg.url,
        file: null,
        query: pg.query,
        drop: async () => undefined,
      };
      const server = await startServer(database, { label: 'faults-database', env: { LOG_LEVEL: 'warn' } });
      try {
        await configureSmtp(server.url, await signIn(server.url), smtp);
        const tag = `pgfault-${process.pid}`;
        const load = startFaultLoad(server.url, { workers: 20, tag, emailEvery: 10 });
        const firstOkAfter = (t: number) =>
          waitUntil(
            () => load.observed.some((o) => o.at > t && o.status === 201),
            20_000,
            'a 201 after the database returned',
          );

        await sleep(3000);
        await pg.restart();
        const restartBack = performance.now();
        const afterRestartMs = await firstOkAfter(restartBack);

        await sleep(2000);
        await pg.stop('fast');
        const down = performance.now();
        const health: { status: number; database?: string; ms: number }[] = [];
        while (performance.now() - down < OUTAGE_MS) {
          const started = performance.now();
          const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
          const body = (await res.json()) as { database?: string };
          health.push({ status: res.status, database: body.database, ms: performance.now() - started });
          await sleep(1000);
        }
        // The outage ends when the start begins: pg_ctl answers a moment after PostgreSQL accepts.
        const starting = performance.now();
        await pg.start();
        const up = performance.now();
        const afterOutageMs = await firstOkAfter(up);
        await sleep(2000);
        const observed = await load.stop();

        // During the outage (past the first second, for answers already on their way): only 503s,
        // each in its reader's language, none slower than 5 s.
        const during = observed.filter((o) => o.at > down + 1000 && o.at < starting);
        const expected = (o: Observed) => translate(o.language, 'common.errors.databaseUnavailable');
        expect(during.length).toBeGreaterThan(20);
        expect(byStatus(during)).toEqual({ 503: during.length });
        expect(during.filter((o) => o.message !== expected(o))).toEqual([]);
        // No hang, no 500, no dropped connection anywhere in the run.
        expect(observed.filter((o) => o.ms > ANSWER_LIMIT_MS).map((o) => `${o.status} in ${o.ms} ms`)).toEqual([]);
        expect(observed.filter((o) => o.status === 0 || o.status >= 500).every((o) => o.status === 503)).toBe(true);
        expect(health.length).toBeGreaterThanOrEqual(10);
        expect(health.filter((h) => h.status !== 200 || h.database !== 'down' || h.ms > ANSWER_LIMIT_MS)).toHaveLength(
          0,
        );
        expect(afterRestartMs).toBeLessThan(RECOVERY_LIMIT_MS);
        expect(afterOutageMs).toBeLessThan(RECOVERY_LIMIT_MS);

        // Every filing answered 201, before, during or after, is stored.
        const acknowledged = observed.filter((o) => o.kind === 'file' && o.status === 201);
        const ids = acknowledged.map((o) => o.id as number);
        const stored = await pg.query<{ n: number | string }>(
          'select count(*) as n from repair_requests where id = any(?::int[])',
          [ids],
        );
        expect(Number(stored[0]?.n)).toBe(ids.length);
        const reads = observed.filter((o) => o.kind === 'read');
        expect(reads.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);

        // The outbox resumes: every acknowledged filing's e-mail arrives, exactly once.
        const mailed = acknowledged.filter((o) => o.email).map((o) => o.email as string);
        const received = await eachEmailOnce(smtp, pg, tag, mailed);

        const refused = observed.filter((o) => o.status === 503).length;
        record(
          `faults: PostgreSQL restart + ${OUTAGE_MS / 1000} s outage under 20 clients: ${acknowledged.length} filings ` +
            `acknowledged, ${stored[0]?.n} stored; ${reads.length} reads; ${refused} answered 503 ` +
            `(${during.length} during the outage, slowest answer ${Math.round(Math.max(...observed.map((o) => o.ms)))} ms); ` +
            `back ${Math.round(afterRestartMs)} ms after the fast restart, ${Math.round(afterOutageMs)} ms after the outage; ` +
            `health said down ${health.length}/${health.length}; ${received.length}/${mailed.length} e-mails, none twice`,
        );
      } finally {
        await server.stop();
        await smtp.close();
        await pg.destroy();
      }
    },
  );
});
