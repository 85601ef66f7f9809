// A load of citizens filing requests and reading them back (autocannon), keeping what
// a client observed: every status, every number answered 201 with its tracking token.
import autocannon from 'autocannon';
import { validRequest } from './client.ts';

export interface LoadResult {
  seconds: number;
  requests: number;
  statuses: Record<number, number>;
  /** Numbers answered 201, in order, with their tracking tokens and when the answer arrived (ms). */
  created: { id: number; token: string; at: number }[];
  reads: number;
  readFailures: number;
  errors: number;
  timeouts: number;
}

/** What one connection remembers between filing a request and reading it back. */
interface Slot {
  id?: number;
  token?: string;
}

export interface LoadOptions {
  seconds: number;
  /**
   * Rounds of a fixed number of requests per connection until `seconds` have passed,
   * each waiting for every answer: no request is left in flight at the end, so the rows
   * stored can be compared with the answers exactly. Without it, one timed run (the
   * crash test, which kills the server anyway).
   */
  exact?: boolean;
  connections?: number;
  /** Called once, `afterMs` after the load started (e.g. to kill the server). */
  during?: { afterMs: number; run: () => void };
}

export async function fileAndReadLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const statuses: Record<number, number> = {};
  const created: LoadResult['created'] = [];
  let reads = 0;
  let readFailures = 0;
  const count = (status: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  let n = 0;
  const connections = options.connections ?? 50;
  const run = (limit: { duration: number } | { amount: number }) =>
    autocannon({
      url,
      connections,
      ...limit,
      timeout: 20,
      requests: [
        {
          method: 'POST',
          path: '/api/repair-requests',
          headers: { 'content-type': 'application/json', 'accept-language': 'pt' },
          setupRequest: (request) => {
            n += 1;
            return {
              ...request,
              body: JSON.stringify({ ...validRequest, phone: `(51) 9${String(n).padStart(4, '0')}-0000`.slice(0, 20) }),
            };
          },
          onResponse: (status, body, state: object) => {
            const context = state as Slot;
            count(status);
            context.id = undefined;
            if (status === 201) {
              const answer = JSON.parse(body) as { id: number; trackingToken: string };
              created.push({ id: answer.id, token: answer.trackingToken, at: Date.now() });
              context.id = answer.id;
              context.token = answer.trackingToken;
            }
          },
        },
        {
          method: 'GET',
          setupRequest: (request, state: object) => ({
            ...request,
            path: (state as Slot).id
              ? `/api/repair-requests/${(state as Slot).id}?t=${(state as Slot).token}`
              : '/api/health',
          }),
          onResponse: (status, body, state: object) => {
            const context = state as Slot;
            count(status);
            if (!context.id) return;
            reads += 1;
            const read = status === 200 ? (JSON.parse(body) as { id: number; masked: boolean }) : undefined;
            if (!read || read.id !== context.id || read.masked) readFailures += 1;
          },
        },
      ],
    });
  if (options.during) {
    const { afterMs, run: act } = options.during;
    setTimeout(act, afterMs);
  }
  const result = { errors: 0, timeouts: 0 };
  const started = Date.now();
  if (options.exact) {
    while (Date.now() - started < options.seconds * 1000) {
      const round = await run({ amount: connections * 40 });
      result.errors += round.errors;
      result.timeouts += round.timeouts;
    }
  } else {
    const round = await run({ duration: options.seconds });
    result.errors += round.errors;
    result.timeouts += round.timeouts;
  }
  return {
    seconds: options.seconds,
    requests: Object.values(statuses).reduce((a, b) => a + b, 0),
    statuses,
    created,
    reads,
    readFailures,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export const count5xx = (statuses: Record<number, number>) =>
  Object.entries(statuses)
    .filter(([s]) => Number(s) >= 500)
    .reduce((a, [, n]) => a + n, 0);

export const count2xx = (statuses: Record<number, number>) =>
  Object.entries(statuses)
    .filter(([s]) => Number(s) >= 200 && Number(s) < 300)
    .reduce((a, [, n]) => a + n, 0);

/** Lines of a server's log that speak of a busy or locked database. */
export const busyLines = (output: string) =>
  output.split('\n').filter((line) => /SQLITE_BUSY|database is locked|could not serialize|deadlock/i.test(line));
