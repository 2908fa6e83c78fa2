// One engine connection to the database file, configured for this server:
// WAL journal, synchronous=FULL (a commit is fsynced before we answer), foreign keys on,
// and busy_timeout=0 — a busy engine call must never block the event loop; waiting for a
// lock is done asynchronously by busy.ts.
//
// Two quirks of the engine binding (libsql 0.5) shape this class:
// - A statement that fails with SQLITE_BUSY is left active (not reset). Re-running the same
//   statement object resets it, so retries reuse it; but if it finally fails, the connection
//   keeps an open read transaction in which later "autocommit" writes never commit. Such a
//   connection is marked `leaked` and replaced as soon as it is back in autocommit mode.
// - close() does not release the file while statement objects are alive (until GC), so
//   statements are cached per connection and connections are pooled (pool.ts).

import Database from 'libsql';

export type Engine = Database.Database;
export type EngineStmt = Database.Statement;

const STMT_CACHE_SIZE = 64;

function configure(db: Engine): void {
  db.exec('PRAGMA busy_timeout = 0');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
}

function openEngine(file: string): Engine {
  const db = new Database(file);
  try {
    configure(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/** Opens the file once with WAL mode (a persistent setting of the file). */
export function openKeeper(file: string): { db: Engine; journalMode: string } {
  const db = new Database(file);
  try {
    db.exec('PRAGMA busy_timeout = 5000'); // startup only: wait for a concurrent opener
    db.exec('PRAGMA journal_mode = WAL');
    const row = db.prepare('PRAGMA journal_mode').raw(true).all()[0];
    const journalMode = Array.isArray(row) ? String(row[0]) : 'unknown';
    configure(db);
    return { db, journalMode };
  } catch (e) {
    db.close();
    throw e;
  }
}

export class Conn {
  readonly #file: string;
  #db: Engine;
  #cache = new Map<string, EngineStmt>();
  /** A statement may have been left active by SQLITE_BUSY (see above). */
  leaked = false;
  /** The client changed session state (PRAGMA, ATTACH, TEMP objects): do not reuse for others. */
  dirty = false;
  /** Set while a `BEGIN … READONLY` transaction is open (enforced with PRAGMA query_only). */
  #readonlyTxn = false;
  #closed = false;

  constructor(file: string) {
    this.#file = file;
    this.#db = openEngine(file);
  }

  get db(): Engine {
    return this.#db;
  }

  get isAutocommit(): boolean {
    return this.#closed || !this.#db.inTransaction;
  }

  /** A prepared statement for `sql`, from the per-connection cache when possible. */
  prepare(sql: string): EngineStmt {
    const cached = this.#cache.get(sql);
    if (cached !== undefined) {
      this.#cache.delete(sql); // move to the most-recently-used end
      this.#cache.set(sql, cached);
      return cached;
    }
    const st = this.#db.prepare(sql);
    this.#cache.set(sql, st);
    if (this.#cache.size > STMT_CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value ?? sql);
    return st;
  }

  /** Exact last_insert_rowid() (the engine's run() result loses precision above 2^53). */
  lastInsertRowid(): bigint {
    return BigInt(firstCell(this.prepare('SELECT last_insert_rowid()')));
  }

  changes(): number {
    return Number(firstCell(this.prepare('SELECT changes()')));
  }

  /** Called after every statement: keeps the read-only transaction and leak states in order. */
  afterStatement(beganReadonly: boolean): void {
    if (this.#closed) return;
    if (this.leaked && this.isAutocommit) {
      this.#replaceEngine();
      return;
    }
    if (beganReadonly && this.#db.inTransaction && !this.#readonlyTxn) {
      this.#db.exec('PRAGMA query_only = 1');
      this.#readonlyTxn = true;
    } else if (this.#readonlyTxn && !this.#db.inTransaction) {
      this.#db.exec('PRAGMA query_only = 0');
      this.#readonlyTxn = false;
    }
  }

  /** True if the connection can serve another stream as if it were new. */
  get reusable(): boolean {
    return !this.#closed && this.isAutocommit && !this.leaked && !this.dirty && !this.#readonlyTxn;
  }

  /** Rolls back any open transaction and closes the connection; never throws. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
    } catch {
      // the connection is going away anyway; closing rolls back too
    }
    this.#cache.clear();
    try {
      this.#db.close();
    } catch {
      // already closed
    }
  }

  #replaceEngine(): void {
    this.close();
    this.#db = openEngine(this.#file);
    this.#closed = false;
    this.leaked = false;
    this.dirty = false;
    this.#readonlyTxn = false;
  }
}

function firstCell(stmt: EngineStmt): bigint | number | string {
  const row = stmt.raw(true).safeIntegers(true).all()[0];
  const cell = Array.isArray(row) ? row[0] : undefined;
  return typeof cell === 'bigint' || typeof cell === 'number' || typeof cell === 'string' ? cell : 0;
}
