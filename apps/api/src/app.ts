// Builds the Fastify instance: plugins, every feature's routes, the error handler,
// the OpenAPI document and, when a built web app is present, the web app itself.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { adminRequestsRoutes } from './features/admin-requests/admin-requests.routes.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { twoFactorRoutes } from './features/auth/two-factor.routes.ts';
import { captchaRoutes } from './features/captcha/captcha.routes.ts';
import { duplicatesRoutes } from './features/duplicates/duplicates.routes.ts';
import { emailRoutes } from './features/email/email.routes.ts';
import { energyCompaniesAdminRoutes } from './features/energy-companies/energy-companies.admin.routes.ts';
import { energyCompaniesRoutes } from './features/energy-companies/energy-companies.routes.ts';
import { followersRoutes } from './features/followers/followers.routes.ts';
import { geocodingRoutes } from './features/geocoding/geocoding.routes.ts';
import { healthRoutes, type Lifecycle } from './features/health/health.routes.ts';
import { openDataRoutes } from './features/open-data/open-data.routes.ts';
import { OPEN311_PREFIX, open311Routes } from './features/open311/open311.routes.ts';
import { open311KeysRoutes } from './features/open311/open311-keys.routes.ts';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes.ts';
import { photosRoutes } from './features/photos/photos.routes.ts';
import { polesAdminRoutes } from './features/poles/poles.admin.routes.ts';
import { polesLookupRoutes } from './features/poles/poles.lookup.routes.ts';
import { polesImportRoutes } from './features/poles/poles-import.routes.ts';
import { poleLabelsRoutes } from './features/poles/poles-labels.routes.ts';
import { polesMapRoutes } from './features/poles/poles-map.routes.ts';
import { repairRequestsRoutes } from './features/repair-requests/repair-requests.routes.ts';
import { replyTemplatesRoutes } from './features/reply-templates/reply-templates.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { retentionRoutes } from './features/retention/retention.routes.ts';
import { loadRoutePreloads } from './features/site-settings/route-preloads.ts';
import { siteSettingsRoutes } from './features/site-settings/site-settings.routes.ts';
import { sendThemedIndex } from './features/site-settings/themed-index.ts';
import { slaRoutes } from './features/sla/sla.routes.ts';
import { transparencyRoutes } from './features/transparency/transparency.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { createHotPath, type FastPath } from './hot-path/hot-path.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { AppError } from './lib/errors.ts';
import { createLimitStore } from './lib/limit-store.ts';
import { prettyLogStream, wantsPrettyLogs } from './lib/log-output.ts';
import { noMetrics } from './lib/metrics.ts';
import { isPagePath } from './lib/page-paths.ts';
import { routedPath } from './lib/routed-path.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler, sendError } from './plugins/errors.ts';
import { serializeRequest } from './plugins/log-redaction.ts';
import { createPrometheusMetrics, registerMetrics } from './plugins/metrics.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Pino options or false; tests pass false. Without a `stream`, stdout as LOG_FORMAT says. */
  logger?: boolean | Record<string, unknown>;
  lifecycle?: Lifecycle;
}

export type App = FastifyInstance & { deps: AppDeps; lifecycle: Lifecycle };

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'body.password',
  'body.newPassword',
  'body.currentPassword',
];

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db } = options;
  const lifecycle = options.lifecycle ?? { closing: false };

  // The tracking read's fast path (decision 0012): what it can answer, it answers before Fastify.
  let fastPath: FastPath | undefined;
  // Prometheus metrics, with METRICS_TOKEN only (decision 0019).
  const clock = options.clock ?? systemClock;
  const metrics = config.METRICS_TOKEN ? createPrometheusMetrics({ db, clock }) : undefined;
  const givenLogger: Record<string, unknown> = typeof options.logger === 'object' ? options.logger : {};
  const app = Fastify({
    logger:
      options.logger === false
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
    // not refused: its answer closes the connection (below) and the database closes after.
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
          if (fastPath === undefined) handler(req, res);
          else if (metrics === undefined) {
            if (!fastPath(req, res)) handler(req, res);
          } else {
            // The fast path answers synchronously: its time is the call's. What it leaves to
            // Fastify is counted there, by its route.
            const startedAt = performance.now();
            if (fastPath(req, res)) metrics.fastPathAnswered((performance.now() - startedAt) / 1000);
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

  // The limits' counters (decision 0002 §22): shared by every instance on PostgreSQL or Redis.
  // The public calls' way to the database (src/hot-path): prepared, or plain with FAST_PATH=off.
  const hotPath = createHotPath(db, { fast: config.FAST_PATH });
  const limits = await createLimitStore(config, hotPath.sharedLimitStore(), app.log);
  await limits.ready();
  app.addHook('onClose', async () => limits.close());
  const deps: AppDeps = {
    config,
    db,
    clock,
    limits,
    hotPath,
    metrics: metrics ?? noMetrics,
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks of every request are written with callbacks, not async: the public hot path pays
  // for each promise (issue 10).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // While shutting down, every answer closes its connection: a kept-alive connection
  // would otherwise hold app.close() open until the graceful-shutdown timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.closing) reply.header('connection', 'close');
    done(null, payload);
  });

  registerErrorHandler(app, deps.metrics);
  // Before any route: it adds its counting hook to each route as the route is registered.
  if (metrics && config.METRICS_TOKEN) registerMetrics(app, metrics, config.METRICS_TOKEN);
  await registerSecurity(app, config);
  registerRateLimit(app, limits);
  await registerAuth(app, deps);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Acende API', version: '1.0.0', description: 'Street-lighting repair requests' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes, { deps, lifecycle });
  await app.register(energyCompaniesRoutes, { deps });
  await app.register(repairRequestsRoutes, {
    deps,
    lifecycle,
    setFastPath: (path) => {
      fastPath = path;
    },
  });
  await app.register(polesLookupRoutes, { deps });
  await app.register(siteSettingsRoutes, { deps });
  await app.register(captchaRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(twoFactorRoutes, { deps });
  await app.register(emailRoutes, { deps });
  await app.register(passwordResetRoutes, { deps });
  await app.register(usersRoutes, { deps });
  await app.register(adminRequestsRoutes, { deps });
  await app.register(energyCompaniesAdminRoutes, { deps });
  await app.register(polesAdminRoutes, { deps });
  await app.register(geocodingRoutes, { deps });
  await app.register(reportsRoutes, { deps });
  await app.register(polesMapRoutes, { deps });
  await app.register(polesImportRoutes, { deps });
  await app.register(poleLabelsRoutes, { deps });
  await app.register(retentionRoutes, { deps });
  await app.register(auditRoutes, { deps });
  await app.register(replyTemplatesRoutes, { deps });
  await app.register(slaRoutes, { deps });
  await app.register(followersRoutes, { deps });
  await app.register(duplicatesRoutes, { deps });
  await app.register(photosRoutes, { deps });
  await app.register(open311KeysRoutes, { deps });
  // GeoReport v2 in a scope of its own: its body parser, its error list and its not-found answer.
  await app.register(open311Routes, { deps, prefix: OPEN311_PREFIX });
  await app.register(openDataRoutes, { deps });
  await app.register(transparencyRoutes, { deps });

  await registerWebApp(app, deps);

  return Object.assign(app, { deps, lifecycle }) as unknown as App;
}

/** Hashed build output: its name changes with its content, so it may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The other files at the root (favicon, robots.txt): kept a little, then checked again. */
const SHORT_CACHE = 'public, max-age=3600';

/**
 * Serves the built web app: its files as the build compressed them (brotli, gzip) when the
 * client accepts it, the themed index.html for every page the app draws (HTTP 200) and for
 * any other page path (HTTP 404, the app's not-found page).
 */
async function registerWebApp(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const root = config.WEB_DIST ?? join(import.meta.dirname, '..', '..', 'web', 'dist');
  const hasWeb = existsSync(join(root, 'index.html'));
  const preloads = hasWeb ? loadRoutePreloads(root, readFileSync(join(root, 'index.html'), 'utf8')) : () => '';
  if (hasWeb) {
    const assets = join(root, 'assets');
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The .br/.gz siblings are chosen by Accept-Encoding (with Vary), not served by their
      // own names; index.html goes out themed (sendThemedIndex), never as the bare file.
      preCompressed: true,
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      setHeaders: (res, path) => {
        res.header('cache-control', path.startsWith(`${assets}/`) ? IMMUTABLE : SHORT_CACHE);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // The path as the router read it: an encoded `/%61pi/...` is an unknown API call, not a page.
    const path = routedPath(request.url);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/api?') &&
      path !== '/api';
    if (hasWeb && wantsPage) {
      // The theme is inlined into the page so it paints with the right colours at once.
      return sendThemedIndex(deps, request, reply, join(root, 'index.html'), {
        status: isPagePath(path) ? 200 : 404,
        head: preloads(path),
      });
    }
    return sendError(request, reply, new AppError('errors.routeNotFound', 404));
  });
}
