// Citizens filing and reading back while a fault happens under them (tests/reliability/
// faults-*.test.ts): each worker files a request, reads it back with its token, and so on,
// keeping every answer (status, how long it took, when, its message) so a test can split
// them by phase. Plain fetch with a client-side limit, so a hang is seen as one.
import { validRequest } from './client.ts';

export interface Observed {
  kind: 'file' | 'read';
  status: number;
  /** 0 when the client gave up (FAULT_CLIENT_LIMIT_MS) or the connection failed. */
  ms: number;
  /** performance.now() when the answer arrived. */
  at: number;
  language: 'pt' | 'en';
  message?: string;
  id?: number;
  token?: string;
  /** The e-mail the filing carried, when it carried one. */
  email?: string;
}

/** A client gives up on an answer after this long: seen as a hang. */
export const FAULT_CLIENT_LIMIT_MS = 15_000;

export interface FaultLoad {
  observed: Observed[];
  /** Stops the workers and waits for their last answers. */
  stop(): Promise<Observed[]>;
}

async function timed(
  url: string,
  init: RequestInit,
  language: 'pt' | 'en',
): Promise<{ status: number; ms: number; json: Record<string, unknown> | undefined }> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      ...init,
      headers: { ...init.headers, 'accept-language': language },
      signal: AbortSignal.timeout(FAULT_CLIENT_LIMIT_MS),
    });
    const text = await res.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, ms: performance.now() - started, json };
  } catch {
    // Status 0: no answer (a hang past the limit, or a connection refused or reset).
    return { status: 0, ms: performance.now() - started, json: undefined };
  }
}

/**
 * Starts `workers` citizens on `base`; every `emailEvery`-th filing carries an e-mail
 * (`${tag}-<n>@example.com`), whose confirmation goes through the outbox.
 */
export function startFaultLoad(
  base: string,
  options: { workers: number; tag: string; emailEvery?: number },
): FaultLoad {
  const observed: Observed[] = [];
  let running = true;
  let n = 0;
  const worker = async (w: number) => {
    while (running) {
      n += 1;
      const mine = n;
      const language = mine % 2 ? 'pt' : 'en';
      const email =
        options.emailEvery && mine % options.emailEvery === 0 ? `${options.tag}-${mine}@example.com` : undefined;
      const body = {
        ...validRequest,
        email,
        phone: `(51) 9${String(mine % 10_000).padStart(4, '0')}-${w}000`.slice(0, 20),
      };
      const filed = await timed(
        `${base}/api/repair-requests`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        language,
      );
      const at = performance.now();
      const id = filed.status === 201 ? (filed.json?.id as number) : undefined;
      const token = filed.status === 201 ? (filed.json?.trackingToken as string) : undefined;
      const message = typeof filed.json?.message === 'string' ? filed.json.message : undefined;
      observed.push({ kind: 'file', status: filed.status, ms: filed.ms, at, language, message, id, token, email });
      if (id === undefined) {
        // Refused: a citizen waits a moment before trying again (no busy loop on a 503).
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const read = await timed(`${base}/api/repair-requests/${id}?t=${encodeURIComponent(token ?? '')}`, {}, language);
      const readMessage = typeof read.json?.message === 'string' ? read.json.message : undefined;
      observed.push({
        kind: 'read',
        status: read.status,
        ms: read.ms,
        at: performance.now(),
        language,
        message: readMessage,
        id,
      });
    }
  };
  const all = Array.from({ length: options.workers }, (_, w) => worker(w));
  return {
    observed,
    async stop() {
      running = false;
      await Promise.all(all);
      return observed;
    },
  };
}

/** Statuses counted, e.g. { 201: 900, 200: 880, 503: 120 }. */
export function byStatus(list: Observed[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const o of list) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}

/** Polls `check` every 100 ms until it is true; answers how long it took (ms), or throws. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  limitMs: number,
  what: string,
): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - started;
}
