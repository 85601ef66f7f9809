// One webhook attempt (decision 0065): the body rebuilt from the frozen columns, signed as
// Standard Webhooks says with the `standardwebhooks` reference library (with the previous
// secret too while a rotation's overlap lasts), POSTed over a connection pinned to the address
// that was checked, no redirects followed, within WEBHOOK_TIMEOUT_MS.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { singleLine } from '../../lib/control-chars.ts';
import type { ResolvedAddress } from './webhook-address.ts';

/** The body every attempt of a delivery sends, the same bytes each time. */
export function webhookBody(row: { messageId: string; eventType: string; eventAt: string; payload: string }): string {
  const head = JSON.stringify({ id: row.messageId, type: row.eventType, timestamp: row.eventAt });
  return `${head.slice(0, -1)},"data":${row.payload}}`;
}

/** The three Standard Webhooks headers; one `v1,` signature per secret, space-separated. */
export function webhookHeaders(messageId: string, at: Date, body: string, secrets: string[]): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}

export interface AttemptResult {
  /** The receiver's HTTP status, or null when none came. */
  status: number | null;
  retryAfter: string | null;
  /** What went wrong, for the admin; null when delivered. */
  error: string | null;
  /** No answer came within the time-out (the receiver's other deliveries wait a round). */
  timedOut?: boolean;
}

/** How much of a receiver's answer is read: enough for the admin's error line, never more. */
const SNIPPET_BYTES = 200;

/** POSTs `body` to `url`, connecting to `address` whatever the name resolves to now. */
export function postWebhook(
  url: URL,
  address: ResolvedAddress,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<AttemptResult> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
    } else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: pinned,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Acende-Webhooks/1',
      },
    });
    // The status decides as soon as it comes; then at most SNIPPET_BYTES of the body are read
    // (for the admin's error line) and the connection is closed: a 2xx whose body drips, never
    // ends or is reset is delivered, and a huge body is never read.
    let status: number | null = null;
    let retryAfter: string | null = null;
    let text = '';
    const answered = () => {
      const ok = status !== null && status >= 200 && status < 300;
      const snippet = singleLine(text).trim().slice(0, SNIPPET_BYTES);
      done({ status, retryAfter, error: ok ? null : `HTTP ${status}${snippet ? `: ${snippet}` : ''}` });
      request.destroy();
    };
    const timer = setTimeout(() => {
      if (status !== null) return answered();
      done({ status: null, retryAfter: null, error: `no answer within ${timeoutMs} ms`, timedOut: true });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) =>
      status !== null ? answered() : done({ status: null, retryAfter: null, error: describe(error) }),
    );
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      const header = response.headers['retry-after'];
      retryAfter = typeof header === 'string' ? header : null;
      if (status >= 200 && status < 300) return answered();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.length >= SNIPPET_BYTES) answered();
      });
      response.on('error', answered);
      response.on('aborted', answered);
      response.on('end', answered);
    });
    request.end(body);
  });
}

function describe(error: Error & { code?: string }): string {
  return error.code ? `connection failed (${error.code})` : 'connection failed';
}
