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

/** SQLSTATE classes and codes of a PostgreSQL that is not there for now (decision 0048). */
const PG_UNAVAILABLE = /^(08|57P0[1-4]|53[0-9A-Z]{3}|58030)/;
/** SQLite's codes of a database that cannot take the write now (locked long, I/O failing). */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|PROTOCOL|READONLY)/;

/**
 * What a database error means to the client (decision 0048): 'full' when storage is out
 * (SQLITE_FULL, PostgreSQL's disk_full 53100, ENOSPC, EFBIG), 'unavailable' when the
 * database is unreachable or refusing for now; undefined for a bug (a 500 with its log).
 */
export function unavailability(error: unknown): 'full' | 'unavailable' | undefined {
  const e = error as { code?: unknown; errno?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC' || code === 'EFBIG' || code === 'EDQUOT') {
    return 'full';
  }
  if (code.startsWith('SQLITE_IOERR') && /disk|full|space/i.test(String((error as Error).message))) return 'full';
  if (SQLITE_UNAVAILABLE.test(code) || PG_UNAVAILABLE.test(code)) return 'unavailable';
  if (isDatabaseError(error))
    return code.startsWith('SQLITE_') || /^[0-9A-Z]{5}$/.test(code) ? undefined : 'unavailable';
  // pg's words for a client whose connection died under it.
  const message = typeof (error as Error | null)?.message === 'string' ? (error as Error).message : '';
  return /is not queryable|Connection terminated|the database system is/.test(message) ? 'unavailable' : undefined;
}
