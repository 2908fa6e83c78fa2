// Streams and batons (spec: HTTP_V2_SPEC "Execute requests on a stream").
//
// A stream is one engine connection (so an interactive transaction is isolated from other
// streams; connections are recycled through a pool between streams) plus its stored SQL texts.
// Between HTTP requests it is parked under a baton: an unguessable random string, valid for
// exactly one request — each response hands out a fresh one. Parked streams expire after
// `idleMs` without a request: the open transaction, if any, is rolled back and the connection
// closed. Recently consumed batons are remembered for a while so that a stale one gets a precise
// error (reused / expired / closed) instead of "invalid".

import { randomBytes } from 'node:crypto';
import { LockWaiters } from './busy.ts';
import type { Conn } from './conn.ts';
import { ConnPool } from './pool.ts';
import { HranaError, HttpError } from './errors.ts';
import type { ExecContext } from './stmt.ts';

export type StreamOptions = {
  file: string;
  idleMs: number;
  busyTimeoutMs: number;
  maxStreams: number;
  /** Idle connections kept for reuse. */
  maxIdleConns: number;
  log: (line: string) => void;
};

type RetiredReason = 'used' | 'expired' | 'closed';

const RETIRED_KEEP_MS = 5 * 60_000;

export class Stream {
  readonly id: number;
  conn: Conn | null;
  readonly sqls = new Map<number, string>();
  timer: ReturnType<typeof setTimeout> | undefined;
  baton: string | null = null;
  /** The baton consumed by the request in progress (to re-label it if that request closes us). */
  lastBaton: string | null = null;

  constructor(id: number, conn: Conn) {
    this.id = id;
    this.conn = conn;
  }

  /** The connection, or a STREAM_CLOSED error once the stream has been closed. */
  requireConn(): Conn {
    if (this.conn === null) throw new HranaError('The stream has been closed', 'STREAM_CLOSED');
    return this.conn;
  }
}

export class StreamManager {
  readonly waiters = new LockWaiters();
  readonly #opts: StreamOptions;
  readonly #parked = new Map<string, Stream>();
  readonly #retired = new Map<string, { reason: RetiredReason; at: number }>();
  readonly #open = new Set<Stream>();
  readonly #pool: ConnPool;
  #nextId = 1;
  #closed = false;

  constructor(opts: StreamOptions) {
    this.#opts = opts;
    this.#pool = new ConnPool(opts.file, opts.maxIdleConns);
  }

  /** A new stream with its own connection (baton null in the request). */
  create(): Stream {
    if (this.#closed) throw new HttpError(503, 'The server is shutting down', 'SERVER_CLOSING');
    if (this.#open.size >= this.#opts.maxStreams) {
      throw new HttpError(503, `Too many open streams (${this.#open.size})`, 'TOO_MANY_STREAMS');
    }
    const stream = new Stream(this.#nextId++, this.#pool.take());
    this.#open.add(stream);
    return stream;
  }

  /** Takes the stream parked under `baton`; the baton is consumed. */
  acquire(baton: string): Stream {
    const stream = this.#parked.get(baton);
    if (stream === undefined) {
      const retired = this.#retired.get(baton);
      if (retired?.reason === 'expired') {
        throw new HttpError(400, 'The stream has expired due to inactivity', 'STREAM_EXPIRED');
      }
      if (retired?.reason === 'closed') throw new HttpError(400, 'The stream has been closed', 'STREAM_CLOSED');
      if (retired?.reason === 'used') {
        throw new HttpError(400, 'The baton has already been used (stream requests must be sequential)', 'BATON_REUSED');
      }
      throw new HttpError(400, 'The baton is invalid', 'BATON_INVALID');
    }
    this.#unpark(stream, 'used');
    return stream;
  }

  /** Parks the stream after a request; returns its next baton, or null if it is closed. */
  release(stream: Stream): string | null {
    if (stream.conn === null) return null;
    if (this.#closed) {
      this.close(stream);
      return null;
    }
    const baton = randomBytes(24).toString('base64url');
    stream.baton = baton;
    this.#parked.set(baton, stream);
    stream.timer = setTimeout(() => this.#expire(stream), this.#opts.idleMs);
    stream.timer.unref();
    return baton;
  }

  /** Closes the stream: rolls back an open transaction and closes the connection. */
  close(stream: Stream, reason: RetiredReason = 'closed'): void {
    if (stream.baton !== null) this.#unpark(stream, reason);
    const last = stream.lastBaton === null ? undefined : this.#retired.get(stream.lastBaton);
    if (last !== undefined) last.reason = reason;
    this.#open.delete(stream);
    const conn = stream.conn;
    if (conn !== null) {
      stream.conn = null;
      try {
        if (!conn.isAutocommit) conn.db.exec('ROLLBACK');
        conn.afterStatement(false);
      } catch {
        // not reusable then: the pool closes it
      }
      if (this.#closed) conn.close();
      else this.#pool.give(conn);
      this.waiters.notify(); // its locks are gone
    }
  }

  closeAll(): void {
    this.#closed = true;
    for (const stream of Array.from(this.#open)) this.close(stream);
    this.#pool.closeAll();
    this.waiters.notify();
  }

  /** Everything a statement executing on this stream needs. */
  context(stream: Stream): ExecContext {
    const conn = stream.requireConn();
    return {
      conn,
      sqls: stream.sqls,
      busy: {
        timeoutMs: this.#opts.busyTimeoutMs,
        waiters: this.waiters,
        isCancelled: () => stream.conn === null || this.#closed,
      },
      afterStatement: () => {
        // a statement that ended in autocommit mode released its locks: wake the waiters
        if (stream.conn === null || conn.isAutocommit) this.waiters.notify();
      },
    };
  }

  #expire(stream: Stream): void {
    const hadTxn = stream.conn !== null && !stream.conn.isAutocommit;
    this.close(stream, 'expired');
    this.#opts.log(`stream ${stream.id} expired after ${this.#opts.idleMs} ms idle${hadTxn ? ' (transaction rolled back)' : ''}`);
  }

  #unpark(stream: Stream, reason: RetiredReason): void {
    if (stream.timer !== undefined) clearTimeout(stream.timer);
    stream.timer = undefined;
    if (stream.baton === null) return;
    this.#parked.delete(stream.baton);
    this.#retire(stream.baton, reason);
    stream.lastBaton = stream.baton;
    stream.baton = null;
  }

  #retire(baton: string, reason: RetiredReason): void {
    const now = Date.now();
    this.#retired.set(baton, { reason, at: now });
    for (const [old, entry] of this.#retired) {
      if (now - entry.at < RETIRED_KEEP_MS && this.#retired.size < 100_000) break;
      this.#retired.delete(old);
    }
  }
}
