// Builds the Fastify instance: plugins, every feature's routes, the error handler,
// the OpenAPI document and, when a built web app is present, the web app itself.
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { registerApiDocs, registerFeatureRoutes } from './app-routes.ts';
import { createServerApp, type FrontDoor, type ServerApp } from './app-server.ts';
import { registerWebApp } from './app-web.ts';
import type { Config } from './config.ts';
import { type Db, startCheckpoints } from './db/database.ts';
import { createExportReads } from './db/export-reads.ts';
import type { Lifecycle } from './features/health/health.routes.ts';
import { createHotPath } from './hot-path/hot-path.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createLimitStore } from './lib/limit-store.ts';
import { noMetrics } from './lib/metrics.ts';
import { createSlotStore } from './lib/slot-store.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerExportLimit } from './plugins/export-limit.ts';
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

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db } = options;
  const lifecycle = options.lifecycle ?? { closing: false };
  // The tracking read's fast path (decision 0012): what it can answer, it answers before Fastify.
  const front: FrontDoor = {};
  // Prometheus metrics, with METRICS_TOKEN only (decision 0019).
  const clock = options.clock ?? systemClock;
  const metrics = config.METRICS_TOKEN ? createPrometheusMetrics({ db, clock }) : undefined;
  const app = createServerApp({ config, logger: options.logger, lifecycle, front, metrics });
  const { hotPath, limits, exportSlots, exportReads } = await createStores(app, config, db);
  const deps: AppDeps = {
    config,
    db,
    exportReads,
    clock,
    limits,
    hotPath,
    metrics: metrics ?? noMetrics,
    log: app.log,
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  addAnswerHooks(app, lifecycle);

  registerErrorHandler(app, deps.metrics);
  // Before any route: it adds its counting hook to each route as the route is registered.
  if (metrics && config.METRICS_TOKEN) registerMetrics(app, metrics, config.METRICS_TOKEN);
  await registerSecurity(app, config);
  registerRateLimit(app, limits);
  registerExportLimit(app, exportSlots, { perAccount: config.EXPORTS_PER_ACCOUNT, total: config.EXPORTS_TOTAL });
  await registerAuth(app, deps);

  await registerApiDocs(app);
  await registerFeatureRoutes(app, deps, lifecycle, front);
  await registerWebApp(app, deps);

  return Object.assign(app, { deps, lifecycle }) as unknown as App;
}

/**
 * The stores the app keeps, closed with it: the hot path, the limits' counters, the exports'
 * slots, and the exports' reads (a worker's connection on SQLite, a one-connection pool on PostgreSQL).
 */
async function createStores(app: ServerApp, config: Config, db: Db) {
  // The limits' counters (decision 0002 §22): shared by every instance on PostgreSQL or Redis.
  // The public calls' way to the database (src/hot-path): prepared, or plain with FAST_PATH=off.
  const hotPath = createHotPath(db, { fast: config.FAST_PATH });
  // The settings a filing reads, kept while this app runs and every change is heard (decision 0071).
  const releaseSettings = hotPath.settings.retain();
  app.addHook('onClose', releaseSettings);
  const limits = await createLimitStore(config, hotPath.sharedLimitStore(), app.log);
  await limits.ready();
  app.addHook('onClose', async () => limits.close());
  // Exports running at once (decision 0044), in the same kind of store.
  const exportSlots = await createSlotStore(config, db, app.log);
  app.addHook('onClose', async () => exportSlots.close());
  const exportReads = createExportReads(config.DATABASE_URL, db, {
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  });
  if (exportReads !== db) app.addHook('onClose', async () => exportReads.destroy());
  // SQLite's checkpoints off the writer's thread (decision 0073).
  const checkpoints = config.SQLITE_CHECKPOINT_THREAD ? startCheckpoints(db, app.log) : undefined;
  if (checkpoints) app.addHook('onClose', async () => checkpoints.close());
  return { hotPath, limits, exportSlots, exportReads };
}

/** The hooks every answer passes: its request id, and a closed connection while shutting down. */
function addAnswerHooks(app: ServerApp, lifecycle: Lifecycle): void {
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
}
