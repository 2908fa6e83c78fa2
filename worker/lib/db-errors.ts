/** Walks an error's cause chain (Drizzle wraps the driver's error). */
export function causes(err: unknown): unknown[] {
  const out: unknown[] = [];
  let cur: unknown = err;
  for (let i = 0; cur && i < 6; i++) {
    out.push(cur);
    cur = (cur as { cause?: unknown }).cause;
  }
  return out;
}

const sqliteCode = (e: unknown): string | undefined => {
  const code = (e as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The SQLite code (e.g. SQLITE_CONSTRAINT_UNIQUE) behind an error, if it came from the database. */
export function sqliteErrorCode(err: unknown): string | undefined {
  for (const e of causes(err)) {
    const code = sqliteCode(e);
    if (code?.startsWith('SQLITE_')) return code;
  }
  return undefined;
}

/**
 * A UNIQUE or PRIMARY KEY violation. Our local server sends SQLite's extended code; sqld (Turso) sends
 * only the base SQLITE_CONSTRAINT, so the message decides there.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (const e of causes(err)) {
    const code = sqliteCode(e);
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
    if (code?.startsWith('SQLITE_CONSTRAINT') && /UNIQUE constraint failed|PRIMARY KEY/i.test(String((e as Error)?.message ?? '')))
      return true;
  }
  return false;
}

/**
 * True when the database could not be reached or answered with a transport/server failure
 * (network error, timeout, an HTTP or protocol failure of the libSQL server, SQLITE_BUSY after its retries).
 */
export function isDbUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    const name = (e as { name?: string })?.name;
    const code = sqliteCode(e);
    if (name === 'TimeoutError' || name === 'AbortError') return true;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
    if ((name === 'LibsqlError' || name === 'HotReadError') && code && !code.startsWith('SQLITE_')) return true;
    if (e instanceof TypeError && /fetch|network|connect/i.test(String(e.message))) return true;
    if (/ECONNREFUSED|Network connection lost|fetch failed|connection refused/i.test(String((e as Error)?.message ?? ''))) return true;
  }
  return false;
}
