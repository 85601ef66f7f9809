// The Fastify instance and its HTTP/1 server: logging (redacted, readable in a terminal), the
// limits on a slow client, and what answers before Fastify's handler: the refusal while the
// server stops (decision 0044) and the tracking read's fast path (decision 0012).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { translate } from '@acende/shared/i18n/catalogues';
import { languageFromHeader } from '@acende/shared/i18n/translate';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Lifecycle } from './features/health/health.routes.ts';
import type { FastPath } from './hot-path/hot-path.ts';
import { prettyLogStream, wantsPrettyLogs } from './lib/log-output.ts';
import { serializeRequest } from './plugins/log-redaction.ts';
import type { PrometheusMetrics } from './plugins/metrics.ts';

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'body.password',
  'body.newPassword',
  'body.currentPassword',
];

/**
 * After the shutdown drain (decision 0044): a request that still arrives gets a whole 503 that
 * closes its connection, answered before Fastify, never a reset.
 */
function refuseWhileStopping(req: IncomingMessage, res: ServerResponse): void {
  const language = languageFromHeader(String(req.headers['accept-language'] ?? ''));
  const body = JSON.stringify({ message: translate(language, 'common.errors.serviceUnavailable') });
  // The body is read to its end first: a socket closed with unread bytes is reset by the kernel.
  req.once('end', () => {
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'retry-after': '5',
      connection: 'close',
    });
    res.end(body);
  });
  req.once('error', () => res.destroy());
  req.resume();
}

/** What answers in front of Fastify: the tracking read's fast path, once its route has set it. */
export interface FrontDoor {
  fastPath?: FastPath;
}

export interface ServerOptions {
  config: Config;
  /** Pino options or false; tests pass false. Without a `stream`, stdout as LOG_FORMAT says. */
  logger?: boolean | Record<string, unknown>;
  lifecycle: Lifecycle;
  front: FrontDoor;
  metrics?: PrometheusMetrics;
}

/** The Fastify instance, zod-typed, on its own HTTP/1 server with the front door before its handler. */
export function createServerApp({ config, logger, lifecycle, front, metrics }: ServerOptions) {
  const givenLogger: Record<string, unknown> = typeof logger === 'object' ? logger : {};
  return Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: REDACT,
            serializers: { req: serializeRequest },
            // LOG_FORMAT: readable lines in a terminal, JSON lines otherwise (decision 0019).
            ...(givenLogger.stream === undefined && wantsPrettyLogs(config, process.stdout.isTTY === true)
              ? { stream: prettyLogStream(1, process.stdout.isTTY === true) }
              : {}),
            ...givenLogger,
          },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A request that reaches the server while it closes (after the shutdown drain) is served,
    // not refused: its answer closes the connection (an onSend hook, app.ts) and the database closes after.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
    // A client that sends half a request and stalls must not hold its connection (and the
    // body parser) for ever: Fastify's defaults (0) never time out.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // Fastify's own HTTP/1 server (the same settings), with the fast path in front of its handler.
    serverFactory: (handler, opts) => {
      const server = createServer(
        {
          ...(opts.http as object | undefined),
          requestTimeout: config.REQUEST_TIMEOUT_MS,
          // The headers are part of the request: they get no more time than all of it.
          headersTimeout: config.REQUEST_TIMEOUT_MS,
          // Node looks for requests past their time every this often (30 s by default, which
          // would let a short timeout run on for half a minute).
          connectionsCheckingInterval: Math.min(5000, Math.max(100, Math.floor(config.REQUEST_TIMEOUT_MS / 10))),
        },
        (req, res) => {
          if (lifecycle.refusing) refuseWhileStopping(req, res);
          else if (front.fastPath === undefined) handler(req, res);
          else if (metrics === undefined) {
            if (!front.fastPath(req, res)) handler(req, res);
          } else {
            // The fast path answers synchronously: its time is the call's. What it leaves to
            // Fastify is counted there, by its route.
            const startedAt = performance.now();
            if (front.fastPath(req, res)) metrics.fastPathAnswered((performance.now() - startedAt) / 1000);
            else handler(req, res);
          }
        },
      );
      server.keepAliveTimeout = opts.keepAliveTimeout as number;
      server.requestTimeout = opts.requestTimeout as number;
      server.setTimeout(opts.connectionTimeout as number);
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
}

export type ServerApp = ReturnType<typeof createServerApp>;
