/** True for a UNIQUE constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Node's codes for a connection to the database server refused, lost or timed out. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * True for an error of the database itself, as the metrics count them: SQLite's (SQLITE_FULL,
 * SQLITE_IOERR_*, SQLITE_BUSY...), PostgreSQL's (a SQLSTATE with a severity: disk full 53100,
 * shutdown 57P01...), or the connection to PostgreSQL failing.
 */
export function isDatabaseError(error: unknown): boolean {
  const e = error as { code?: unknown; severity?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'string') {
    if (e.code.startsWith('SQLITE_')) return true;
    if (typeof e.severity === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return true;
    return CONNECTION_CODES.has(e.code);
  }
  // pg's own words for a connection lost mid-query or a pool that could not connect in time.
  return (
    typeof e?.message === 'string' &&
    (e.message.startsWith('Connection terminated') || e.message.startsWith('timeout exceeded when trying to connect'))
  );
}
