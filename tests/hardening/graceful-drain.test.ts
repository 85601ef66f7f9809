// Item 12 of "Trust under attack": SIGTERM while kept-alive clients have requests in
// flight (filings, tracking reads, PDF exports). The server reports not-ready at once,
// keeps serving through SHUTDOWN_DRAIN_MS with `Connection: close` on every answer, then
// refuses new connections and exits 0. Every request written before the signal, or
// during the drain, gets a whole 2xx answer: none is reset.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { fileRequest, signIn, validRequest } from '../support/client.ts';
import { ENGINES, startFresh } from '../support/server.ts';
import { record } from '../support/summary.ts';

const DRAIN_MS = 3000;

interface Outcome {
  what: string;
  /** When the whole request had been handed to the socket (undefined: never). */
  writtenAt?: number;
  status?: number;
  connection?: string;
  error?: string;
}

/** One HTTP/1.1 request on `agent`; resolves with how it ended, never rejects. */
function send(
  agent: http.Agent | false,
  port: number,
  what: string,
  method: string,
  path: string,
  options: { body?: string; cookie?: string } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { what };
    const headers: Record<string, string> = {};
    if (options.body) headers['content-type'] = 'application/json';
    if (options.cookie) headers.cookie = options.cookie;
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('close', () => {
        if (res.complete) {
          outcome.status = res.statusCode;
          outcome.connection = String(res.headers.connection ?? '');
        } else outcome.error ??= 'incomplete answer';
        resolve(outcome);
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        outcome.error = error.code ?? error.message;
      });
    });
    req.on('finish', () => {
      outcome.writtenAt = Date.now();
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error = error.code ?? error.message;
      resolve(outcome);
    });
    req.end(options.body);
  });
}

/**
 * One SIGTERM with kept-alive clients, checked; 'starved' when the clients themselves wrote
 * nothing in the drain (they write back to back, so only a machine too busy to run this
 * process does that: a loaded CI machine did once), which says nothing of the server.
 */
async function drainOnce(engine: (typeof ENGINES)[number]): Promise<'starved' | undefined> {
  // Two export workers of one account, back to back: a finished export frees its slot a moment
  // after its last byte, so the next could meet the caps of 2 and 4 (a 429, not the drain's doing).
  const env = await startFresh(engine, {
    label: 'drain',
    env: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), EXPORTS_PER_ACCOUNT: '4', EXPORTS_TOTAL: '8' },
  });
  const { server } = env;
  try {
    const cookie = await signIn(server.url);
    for (let i = 0; i < 30; i++) await fileRequest(server.url);
    const body = JSON.stringify(validRequest);
    let signalledAt = Number.POSITIVE_INFINITY;
    const outcomes: Outcome[] = [];
    // Each worker is one kept-alive client: requests back to back until the server is gone.
    const worker = async (n: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; ; i++) {
          const kind = n < 2 ? 'export' : i % 2 === 0 ? 'file' : 'track';
          const outcome =
            kind === 'export'
              ? await send(agent, server.port, kind, 'GET', '/api/admin/reports/requests.pdf', { cookie })
              : kind === 'file'
                ? await send(agent, server.port, kind, 'POST', '/api/repair-requests', { body })
                : await send(agent, server.port, kind, 'GET', `/api/repair-requests/${1 + (i % 30)}`);
          outcomes.push(outcome);
          if (outcome.error && Date.now() > signalledAt) return;
        }
      } finally {
        agent.destroy();
      }
    };
    const workers = Array.from({ length: 16 }, (_, n) => worker(n));
    await new Promise((r) => setTimeout(r, 1500));
    signalledAt = Date.now();
    server.child.kill('SIGTERM');

    // Readiness on fresh connections, until they are refused.
    const probes: { at: number; status: number | string }[] = [];
    for (;;) {
      const probe = await send(false, server.port, 'ready', 'GET', '/api/ready');
      probes.push({ at: Date.now() - signalledAt, status: probe.status ?? probe.error ?? 'none' });
      if (probe.error || Date.now() - signalledAt > DRAIN_MS + 10_000) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('running'), 15_000))]);
    const exitedAfter = Date.now() - signalledAt;
    await Promise.all(workers);

    const before = outcomes.filter((o) => o.writtenAt !== undefined && o.writtenAt < signalledAt);
    // Written well inside the drain: a loaded server may take a new connection off its
    // backlog late, and one still there when the listener closes is reset.
    const during = outcomes.filter(
      (o) => o.writtenAt !== undefined && o.writtenAt >= signalledAt && o.writtenAt < signalledAt + DRAIN_MS - 1000,
    );
    // The server takes the signal once its event loop is free (a PDF page may hold it):
    // from its first 503 on, it is closing for sure.
    const closingAt = signalledAt + (probes.find((p) => p.status === 503)?.at ?? 0);
    const rel = (o: Outcome) => ({ ...o, writtenAt: (o.writtenAt ?? 0) - signalledAt });
    const notWhole = (o: Outcome) => o.error !== undefined || o.status === undefined || o.status >= 300;
    const count = (what: string, list: Outcome[]) => list.filter((o) => o.what === what).length;
    const inDrain = probes.filter((p) => p.at > 100 && p.at < DRAIN_MS - 300);
    record(
      `drain [${engine}]: ${before.length} requests written before SIGTERM (${count('export', before)} PDF exports, ` +
        `${count('file', before)} filings), ${during.length} during the ${DRAIN_MS} ms drain, ` +
        `${[...before, ...during].filter(notWhole).length} not answered 2xx; ${inDrain.length} readiness probes ` +
        `in the drain (${inDrain.filter((p) => p.status === 503).length} answered 503), last probe ` +
        `${JSON.stringify(probes.at(-1))}; exit ${code} after ${exitedAfter} ms`,
    );
    if (during.length === 0) return 'starved';
    expect(before.length).toBeGreaterThan(10);
    expect(count('export', before)).toBeGreaterThan(0);
    expect(before.filter(notWhole).map(rel)).toEqual([]);
    expect(during.length).toBeGreaterThan(5);
    expect(during.filter(notWhole).map(rel)).toEqual([]);
    // Every answer of the drain closes its connection: kept-alive clients move away.
    const closed = outcomes.filter((o) => (o.writtenAt ?? 0) > closingAt && o.status !== undefined);
    expect(closed.length).toBeGreaterThan(5);
    expect(closed.filter((o) => o.connection !== 'close').map(rel)).toEqual([]);
    expect(inDrain.length).toBeGreaterThanOrEqual(2);
    expect(inDrain.filter((p) => p.status !== 503)).toEqual([]);
    // After the drain new connections are refused (or reset, when one was still in the
    // listener's backlog as it closed).
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(probes.at(-1)?.status);
    expect(probes.at(-1)?.at).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(code).toBe(0);
    expect(exitedAfter).toBeLessThan(DRAIN_MS + 9000);
    // Nothing answered 201 was lost.
    const filed = outcomes.filter((o) => o.what === 'file' && o.status === 201).length;
    const rows = (await env.database.query<{ n: number | string }>('select count(*) as n from repair_requests'))[0];
    expect(Number(rows?.n)).toBe(30 + filed);
    return undefined;
  } finally {
    await env.close();
  }
}

describe.each(ENGINES)('SIGTERM drains kept-alive clients [%s]', (engine) => {
  it('answers every request sent before the signal or during the drain, 503 on readiness, then refuses', async () => {
    if ((await drainOnce(engine)) !== 'starved') return;
    // Measured again once: the second run must see the clients write during the drain.
    record(`drain [${engine}]: the clients wrote nothing in the drain (the machine was busy); measured again`);
    expect(await drainOnce(engine)).toBeUndefined();
  });
});
