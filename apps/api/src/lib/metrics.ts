// What services tell the metrics (decision 0019): a request filed, a sign-in refused, a
// database error. With METRICS_TOKEN unset nothing is counted (noMetrics); plugins/metrics.ts
// counts them for Prometheus.

export type SignInFailure = 'credentials' | 'throttled';

export interface Metrics {
  /** A repair request was stored (a replay of an Idempotency-Key is not a new one). */
  requestFiled(): void;
  /** A sign-in was refused: wrong credentials, or too many attempts (429). */
  signInFailed(reason: SignInFailure): void;
  /** The database failed an operation (disk full, I/O error, connection lost...). */
  databaseError(): void;
}

export const noMetrics: Metrics = {
  requestFiled() {},
  signInFailed() {},
  databaseError() {},
};
