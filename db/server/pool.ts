// A small pool of idle connections. Every HTTP `execute` of the client opens a stream, and a
// connection per stream would churn file descriptors (the engine only releases a closed
// connection's file once its statements are garbage-collected). A connection goes back to the
// pool only if it is exactly like a new one: autocommit, no leaked statement, no session state
// changed by the client. Otherwise it is closed.

import { Conn } from './conn.ts';

export class ConnPool {
  readonly #file: string;
  readonly #maxIdle: number;
  #idle: Conn[] = [];

  constructor(file: string, maxIdle: number) {
    this.#file = file;
    this.#maxIdle = maxIdle;
  }

  take(): Conn {
    return this.#idle.pop() ?? new Conn(this.#file);
  }

  give(conn: Conn): void {
    if (conn.reusable && this.#idle.length < this.#maxIdle) {
      this.#idle.push(conn);
    } else {
      conn.close();
    }
  }

  closeAll(): void {
    for (const conn of this.#idle) conn.close();
    this.#idle = [];
  }
}
