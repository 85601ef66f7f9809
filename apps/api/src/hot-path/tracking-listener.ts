// The tracking read's fast path (decision 0012). A citizen's tracking page is the
// call a whole region repeats; on SQLite its read is synchronous, and Fastify's own work per
// request (its request and reply objects, hooks, validation, the reply's header handling)
// was about a third of its CPU. This answers the plain, successful form of
// `GET /api/repair-requests/:id[?t=token]` from the server's request listener, before Fastify,
// with what the route answers: the same read and masking (toPublicRequest), the same
// compiled serialiser, the same headers, the same rate-limit windows and the same two
// request-log lines. Anything else (another form of the URL, an unknown number, a client
// past its limit, a shutdown under way, an error) is left to Fastify, which answers it as
// before; the tests compare both answers.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_ID } from '@acende/shared/constants';
import type { PublicRepairRequest } from '@acende/shared/schemas/repair-requests';
import { publicRepairRequestSchema } from '@acende/shared/schemas/repair-requests';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { clientKey } from '../core/client-key.ts';
import { apiSecurityHeaders } from '../core/security-headers.ts';
import { compileFastSerializer } from '../lib/fast-serializer.ts';
import type { LimitStore, NamedLimit } from '../lib/limit-store.ts';
import type { PublicRequestRow } from './request-statements.ts';

/** Answers the request and says true, or says false and leaves it untouched. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

// The forms answered here: a number as the route's id accepts it and, optionally, a token
// made only of the characters tracking tokens are written with (base64url).
const TRACKING_URL = /^\/api\/repair-requests\/([1-9]\d{0,9})(?:\?t=([A-Za-z0-9_-]{1,200}))?$/;

export interface TrackingListenerOptions {
  deps: { config: Config; limits: LimitStore };
  /**
   * The row as the public sees it: the route's own masking (features/repair-requests/public-view.ts),
   * handed in when the route is built so the hot path imports no feature.
   */
  toPublic: (row: PublicRequestRow | undefined, token: string | undefined) => PublicRepairRequest;
  /** The tracking read's row, at once (SQLite's read-only connection). */
  readNow: (id: number) => PublicRequestRow | undefined;
  log: FastifyBaseLogger;
  /** The route's own rateLimit object: the fast path counts in the same windows. */
  rateLimit: NamedLimit;
  /** While shutting down, Fastify answers (and closes each connection). */
  lifecycle: { closing: boolean };
}

/**
 * The listener with the limits in memory; undefined with Redis, whose counts are promises.
 * (Only SQLite's hot path offers it: PostgreSQL's reads of an instant are batched.)
 */
export function trackingListener({
  deps,
  toPublic,
  readNow,
  log,
  rateLimit,
  lifecycle,
}: TrackingListenerOptions): FastPath | undefined {
  const { config } = deps;
  if (deps.limits.kind !== 'memory') return undefined;
  const serialize = compileFastSerializer(publicRepairRequestSchema);
  const count = (key: string) => deps.limits.hit(rateLimit, key);
  // Fastify's trustProxy: TRUST_PROXY trusts every hop, as the app is told.
  const trust = config.TRUST_PROXY ? () => true : undefined;
  // The route's headers, in the order Fastify writes them: its request id, the API's
  // security headers, then the body's type and length.
  const headers = Object.entries(apiSecurityHeaders(config));
  // Fastify logs each request at info; without a logger (tests) there is nothing to log.
  const levels = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  const logsRequests = typeof levels.isLevelEnabled === 'function' && levels.isLevelEnabled('info');

  return (req, res) => {
    if (req.method !== 'GET' || lifecycle.closing) return false;
    const url = req.url ?? '';
    const match = TRACKING_URL.exec(url);
    if (!match) return false;
    const id = Number(match[1]);
    if (id > MAX_ID) return false;
    const startedAt = logsRequests ? performance.now() : 0;
    let address: string;
    let body: string;
    try {
      const row = readNow(id);
      // Not found: Fastify answers the 404 (in the reader's language) and counts the request.
      if (row === undefined) return false;
      address = trust ? (proxyAddr.all(req, trust).at(-1) as string) : (req.socket.remoteAddress ?? '');
      // Past the limit: Fastify counts it again and answers 429 with its headers; a count
      // already past the limit stays past it, so the answer is the same.
      if (count(clientKey(address)) !== 0) return false;
      body = serialize(toPublic(row, match[2]));
    } catch {
      // Fastify runs it again and answers as it answers errors.
      return false;
    }
    const requestId = randomUUID();
    const out: Record<string, string> = { 'x-request-id': requestId };
    for (const [name, value] of headers) out[name] = value;
    out['content-type'] = 'application/json; charset=utf-8';
    out['content-length'] = String(Buffer.byteLength(body));
    const requestLog = logsRequests ? log.child({ reqId: requestId }) : undefined;
    requestLog?.info({ req: logView(req, url, address, trust !== undefined) }, 'incoming request');
    res.writeHead(200, out);
    res.end(body);
    requestLog?.info({ res: { statusCode: 200 }, responseTime: performance.now() - startedAt }, 'request completed');
    return true;
  };
}

/** What the request log's serializer reads of a Fastify request (serializeRequest), for this one. */
function logView(req: IncomingMessage, url: string, address: string, trusted: boolean) {
  const forwardedHost = req.headers['x-forwarded-host'];
  const host =
    trusted && typeof forwardedHost === 'string' && forwardedHost
      ? forwardedHost.slice(forwardedHost.lastIndexOf(',') + 1).trim()
      : (req.headers.host ?? '');
  return { method: 'GET', url, host, ip: address, socket: req.socket };
}
