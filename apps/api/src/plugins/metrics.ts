// Prometheus metrics behind METRICS_TOKEN (decision 0019): GET /metrics with
// `Authorization: Bearer <token>`. Each answer is counted by its route's pattern, never its
// URL, so random paths cannot add series; the e-mail outbox and the database's state are read
// from the database at each scrape, since every instance shares it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { Counter, Metric, Registry } from 'prom-client';
import type { AppDeps } from '../app-deps.ts';
import { AppError } from '../lib/errors.ts';
import type { Metrics } from '../lib/metrics.ts';
import { promClient, registerDatabaseGauges, scrapeRead } from './metrics-database.ts';

/** prom-client, loaded only where METRICS_TOKEN is set (decision 0055). */

/** The route label of answers given without a route: the web app's pages and unknown paths. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The tracking read's route, whose fast path answers before Fastify (decision 0012). */
const TRACKING_ROUTE = '/api/repair-requests/:id';

/** Records one answer's time, in seconds, in its series. */
type Observe = (seconds: number) => void;
/** The series of one route, by method and status; each is made once and kept. */
type RouteSeries = (method: string, status: number) => Observe;

type HttpLabel = 'method' | 'route' | 'status_code';
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface SeriesData {
  labels: Record<HttpLabel, string>;
  /** Answers per bucket (not cumulative); past the last bucket they are only in `count`. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * A histogram reported to prom-client's registry as its Histogram is, whose series are held by
 * reference: an observation finds its bucket and adds. prom-client's own observe() builds a
 * string of the labels and allocates on every call (about 2 µs a call, measured here, against
 * about 0.05 µs). The registry asks any metric for get() and formats what it answers.
 */
class HttpHistogram {
  readonly name = 'acende_http_request_duration_seconds';
  readonly help = 'HTTP answers by method, route pattern and status, and the time taken to give them';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly kept: SeriesData[] = [];

  constructor(registry: Registry) {
    registry.registerMetric(this as unknown as Metric);
  }

  series(method: string, route: string, status: number): Observe {
    const data: SeriesData = {
      labels: { method, route, status_code: String(status) },
      buckets: BUCKETS.map(() => 0),
      sum: 0,
      count: 0,
    };
    this.kept.push(data);
    return (seconds) => {
      data.sum += seconds;
      data.count += 1;
      for (let i = 0; i < BUCKETS.length; i++) {
        if (seconds <= (BUCKETS[i] as number)) {
          data.buckets[i] = (data.buckets[i] as number) + 1;
          return;
        }
      }
    };
  }

  async get() {
    const { name } = this;
    const values = this.kept.flatMap(({ labels, buckets, sum, count }) => {
      let below = 0;
      return [
        ...BUCKETS.map((le, i) => {
          below += buckets[i] as number;
          return { labels: { ...labels, le }, value: below, metricName: `${name}_bucket` };
        }),
        { labels: { ...labels, le: '+Inf' }, value: count, metricName: `${name}_bucket` },
        { labels, value: sum, metricName: `${name}_sum` },
        { labels, value: count, metricName: `${name}_count` },
      ];
    });
    return { name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

export interface PrometheusMetrics extends Metrics {
  registry: Registry;
  /** Records an answer of the tracking read's fast path, which Fastify never sees. */
  fastPathAnswered(seconds: number): void;
  /** The series of a route pattern, by method and status. */
  routeSeries(route: string): RouteSeries;
}

/** The metrics of one app; `db` and `clock` for what is read at each scrape. */
export function createPrometheusMetrics(deps: Pick<AppDeps, 'db' | 'clock'>): PrometheusMetrics {
  const { Counter, collectDefaultMetrics, Gauge, Registry } = promClient();
  const registry = new Registry();
  const read = scrapeRead(deps, () => databaseErrors.inc());
  // Node's own: event-loop lag, heap, garbage collection, CPU, open handles.
  collectDefaultMetrics({ register: registry });
  const http = new HttpHistogram(registry);
  const filed = new Counter({
    name: 'acende_requests_filed_total',
    help: 'Repair requests filed (stored) by this instance',
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'acende_sign_in_failures_total',
    help: 'Sign-ins refused: wrong credentials, or too many attempts',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const passwordChecks = new Counter({
    name: 'acende_password_checks_total',
    help: 'Passwords checked at sign-in or password change by this instance (the per-account budget limits them)',
    registers: [registry],
  });
  const databaseErrors: Counter = new Counter({
    name: 'acende_database_errors_total',
    help: 'Database operations that failed (disk full, I/O error, connection lost...), as this instance saw them',
    registers: [registry],
    // After this scrape's own read of the database, so a failure of it is in this scrape.
    async collect() {
      await read();
    },
  });
  registerDatabaseGauges(registry, deps.db, read);
  const circuit = new Gauge({
    name: 'acende_dependency_circuit_state',
    help: 'Circuit breaker of an outside service (decision 0048): 0 closed, 1 half-open (one call let through), 2 open (calls skipped)',
    labelNames: ['dependency'] as const,
    registers: [registry],
  });
  // Made up front, so the alerts' series exist (at 0) before the first failure.
  const byReason = { credentials: signInFailures.labels('credentials'), throttled: signInFailures.labels('throttled') };
  byReason.credentials.inc(0);
  byReason.throttled.inc(0);

  // One per route pattern, however many routes share it (GET and POST, a GET's HEAD): a label
  // set must have one series.
  const byRoute = new Map<string, RouteSeries>();
  const routeSeries = (route: string): RouteSeries => {
    const known = byRoute.get(route);
    if (known) return known;
    const byMethod = new Map<string, Map<number, Observe>>();
    const forRoute: RouteSeries = (method, status) => {
      let byStatus = byMethod.get(method);
      if (byStatus === undefined) {
        byStatus = new Map();
        byMethod.set(method, byStatus);
      }
      let observe = byStatus.get(status);
      if (observe === undefined) {
        observe = http.series(method, route, status);
        byStatus.set(status, observe);
      }
      return observe;
    };
    byRoute.set(route, forRoute);
    return forRoute;
  };
  const tracked = routeSeries(TRACKING_ROUTE)('GET', 200);

  return {
    registry,
    routeSeries,
    fastPathAnswered: tracked,
    requestFiled: () => filed.inc(),
    signInFailed: (reason) => byReason[reason].inc(),
    passwordChecked: () => passwordChecks.inc(),
    databaseError: () => databaseErrors.inc(),
    dependencyCircuit: (dependency, state) =>
      circuit.labels(dependency).set(state === 'closed' ? 0 : state === 'halfOpen' ? 1 : 2),
  };
}

/**
 * Counts every answer by route (a hook added to each route as it is registered, so this must
 * come before the routes) and serves GET /metrics. Only called when METRICS_TOKEN is set.
 */
export function registerMetrics(app: FastifyInstance, metrics: PrometheusMetrics, token: string): void {
  const expected = digest(token);

  app.addHook('onRoute', (route) => {
    const series = metrics.routeSeries(route.url);
    const hook: onResponseHookHandler = (request, reply, done) => {
      series(request.method, reply.statusCode)(reply.elapsedTime / 1000);
      done();
    };
    // A new array: Fastify copies a GET route's options for its HEAD route before this runs.
    const own = route.onResponse;
    route.onResponse = [...(Array.isArray(own) ? own : own ? [own] : []), hook];
  });
  const unmatched = metrics.routeSeries(UNMATCHED_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode)(reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('common.errors.metricsUnauthorized', 401);
    }
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Bearer <token>` with the right token, compared in constant time (of equal-length digests). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  // A missing header costs a digest too, so its answer takes as long as a wrong one.
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}
