// What services tell the metrics (decision 0019): a request filed, a sign-in refused, a
// database error. With METRICS_TOKEN unset nothing is counted (noMetrics); plugins/metrics.ts
// counts them for Prometheus.

export type SignInFailure = 'credentials' | 'throttled';

export interface Metrics {
  /** A repair request was stored (a replay of an Idempotency-Key is not a new one). */
  requestFiled(): void;
  /** A sign-in was refused: wrong credentials, or too many attempts (429). */
  signInFailed(reason: SignInFailure): void;
  /** A password was checked at sign-in (or a password change): what the per-account budget limits (decision 0042). */
  passwordChecked(): void;
  /** The database failed an operation (disk full, I/O error, connection lost...). */
  databaseError(): void;
  /** An outside service's circuit breaker changed state (decision 0048). */
  dependencyCircuit(dependency: string, state: 'closed' | 'halfOpen' | 'open'): void;
}

export const noMetrics: Metrics = {
  requestFiled() {},
  signInFailed() {},
  passwordChecked() {},
  databaseError() {},
  dependencyCircuit() {},
};
