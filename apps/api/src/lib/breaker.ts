// A circuit breaker around an outside service (decision 0048), on opossum: each call has its
// own time-out (the caller's AbortSignal), and after repeated failures or time-outs the
// breaker opens and answers at once for a while (503 errors.dependencyUnavailable), then lets
// one call through (half-open) and closes again when it succeeds. Every change of state is a
// log line and the gauge acende_dependency_circuit_state{dependency}.
import CircuitBreaker from 'opossum';
import { AppError } from './errors.ts';
import type { Metrics } from './metrics.ts';

export type CircuitState = 'closed' | 'halfOpen' | 'open';

/** Where a breaker reports its changes of state; the app's logger. */
export interface BreakerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface BreakerOptions {
  /** How long the breaker stays open before it lets a call through again. */
  resetMs: number;
  /** Failures (time-outs included), out of at least `volume` calls in the last minute, that open it (%). */
  errorPercent?: number;
  volume?: number;
  metrics?: Pick<Metrics, 'dependencyCircuit'>;
  log?: BreakerLog;
  /** Errors that are the caller's, not the service's (not counted as failures). */
  isCallerError?: (error: unknown) => boolean;
}

export interface Breaker {
  /** Runs `call` through the breaker; rejects with a 503 AppError while it is open. */
  run<T>(call: () => Promise<T>): Promise<T>;
  state(): CircuitState;
}

export function createBreaker(dependency: string, options: BreakerOptions): Breaker {
  const breaker = new CircuitBreaker((call: () => Promise<unknown>) => call(), {
    // Each call carries its own time-out (AbortSignal.timeout at the fetch); opossum's would
    // leave the call running after it gave up.
    timeout: false,
    resetTimeout: options.resetMs,
    errorThresholdPercentage: options.errorPercent ?? 50,
    volumeThreshold: options.volume ?? 3,
    rollingCountTimeout: 60_000,
    rollingCountBuckets: 6,
    errorFilter: options.isCallerError,
  });
  const report = (state: CircuitState) => {
    options.metrics?.dependencyCircuit(dependency, state);
    const fields = { dependency, circuit: state, resetMs: options.resetMs };
    if (state === 'open')
      options.log?.warn(fields, `${dependency}: circuit open, calls skipped for ${options.resetMs} ms`);
    else
      options.log?.info(
        fields,
        `${dependency}: circuit ${state === 'closed' ? 'closed, calls resumed' : 'half-open, trying one call'}`,
      );
  };
  breaker.on('open', () => report('open'));
  breaker.on('halfOpen', () => report('halfOpen'));
  breaker.on('close', () => report('closed'));
  options.metrics?.dependencyCircuit(dependency, 'closed');
  return {
    async run<T>(call: () => Promise<T>): Promise<T> {
      try {
        return (await breaker.fire(call)) as T;
      } catch (error) {
        if ((error as { code?: string }).code === 'EOPENBREAKER') {
          throw new AppError('common.errors.dependencyUnavailable', 503, { dependency });
        }
        throw error;
      }
    },
    state: () => (breaker.opened ? 'open' : breaker.halfOpen ? 'halfOpen' : 'closed'),
  };
}
