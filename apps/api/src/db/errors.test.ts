// Decision 0048: which database errors are the client's 503 (storage full, database away) and
// which stay a 500 (a bug).
import { describe, expect, it } from 'vitest';
import { unavailability } from './errors.ts';

const withCode = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`failure ${code}`), { code, ...extra });

describe('unavailability', () => {
  it('calls storage running out "full", on both engines and the file system', () => {
    for (const code of ['SQLITE_FULL', 'ENOSPC', 'EFBIG', 'EDQUOT'])
      expect(unavailability(withCode(code)), code).toBe('full');
    expect(unavailability(withCode('53100', { severity: 'ERROR' }))).toBe('full');
  });

  it('calls a database away or refusing for now "unavailable"', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'SQLITE_BUSY',
      'SQLITE_IOERR_WRITE',
      'SQLITE_READONLY',
    ]) {
      expect(unavailability(withCode(code)), code).toBe('unavailable');
    }
    for (const code of ['57P01', '57P03', '08006', '53300']) {
      expect(unavailability(withCode(code, { severity: 'FATAL' })), code).toBe('unavailable');
    }
    expect(unavailability(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(unavailability(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      'unavailable',
    );
    expect(unavailability(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
  });

  it('leaves a bug a bug (500): constraints, syntax, anything else', () => {
    expect(unavailability(withCode('23505', { severity: 'ERROR' }))).toBeUndefined();
    expect(unavailability(withCode('42601', { severity: 'ERROR' }))).toBeUndefined();
    expect(unavailability(withCode('SQLITE_CONSTRAINT_UNIQUE'))).toBeUndefined();
    expect(unavailability(new TypeError('x is undefined'))).toBeUndefined();
    expect(unavailability(null)).toBeUndefined();
  });
});
