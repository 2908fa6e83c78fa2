// Error types of the server.
//
// - HranaError: a failure of one stream request (or one batch step); it is reported inside a
//   200 pipeline response as `{ type: "error", error: { message, code } }`.
// - HttpError: the whole HTTP request is rejected (bad JSON, unknown baton, auth…); reported
//   as a non-2xx response with a JSON `{ message, code }` body.

export type ErrorJson = { message: string; code: string };

export class HranaError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'HranaError';
    this.code = code;
  }
  toJson(): ErrorJson {
    return { message: this.message, code: this.code };
  }
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, message: string, code: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
  }
}

/** A malformed request body: HTTP 400. */
export function protocolError(message: string): HttpError {
  return new HttpError(400, message, 'PROTOCOL_ERROR');
}

type EngineError = { code?: unknown; rawCode?: unknown; message?: unknown };

/** The SQLite (extended) error code of an engine error, e.g. `SQLITE_CONSTRAINT_UNIQUE`. */
export function sqliteCode(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const code = (e as EngineError).code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

/** True for SQLITE_BUSY and its extended variants (but not SQLITE_LOCKED). */
export function isBusyError(e: unknown): boolean {
  const raw = typeof e === 'object' && e !== null ? (e as EngineError).rawCode : undefined;
  if (typeof raw === 'number') return (raw & 0xff) === 5;
  return sqliteCode(e)?.startsWith('SQLITE_BUSY') ?? false;
}

/** Converts anything thrown while executing SQL into a HranaError carrying the SQLite code. */
export function toHranaError(e: unknown): HranaError {
  if (e instanceof HranaError) return e;
  const code = sqliteCode(e);
  const message = e instanceof Error ? e.message : String(e);
  if (code !== undefined) return new HranaError(message, code);
  return new HranaError(message || 'Internal server error', 'INTERNAL_ERROR');
}
