import { describe, expect, it } from 'vitest';
import { isDbUnavailable, isUniqueViolation } from './db-errors.ts';

const libsqlError = (code: string, message: string) => Object.assign(new Error(message), { name: 'LibsqlError', code });

describe('database error classification', () => {
  it('recognises a unique violation from the extended code (local server) or the base code (sqld)', () => {
    expect(isUniqueViolation(new Error('Failed query', { cause: libsqlError('SQLITE_CONSTRAINT_UNIQUE', 'x') }))).toBe(true);
    expect(isUniqueViolation(libsqlError('SQLITE_CONSTRAINT', 'SQLite error: UNIQUE constraint failed: users.email'))).toBe(true);
    expect(isUniqueViolation(libsqlError('SQLITE_CONSTRAINT', 'SQLite error: NOT NULL constraint failed: users.role'))).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
  it('treats transport failures and timeouts as unavailable, and SQL errors as not', () => {
    expect(isDbUnavailable(Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }))).toBe(true);
    expect(isDbUnavailable(new Error('Failed query', { cause: new TypeError('fetch failed') }))).toBe(true);
    expect(isDbUnavailable(libsqlError('SERVER_ERROR', 'Server returned HTTP status 502'))).toBe(true);
    expect(isDbUnavailable(libsqlError('SQLITE_CONSTRAINT', 'UNIQUE constraint failed'))).toBe(false);
  });
});
