// Asynchronous waiting for SQLite locks.
//
// The engine is synchronous and the server single-threaded: if a statement waited for a lock
// inside the engine (busy_timeout > 0), the event loop would stop, and the stream holding the
// lock could never receive the HTTP request that commits it — a deadlock. So connections use
// busy_timeout=0 and a SQLITE_BUSY step is retried here, between event-loop turns, with
// exponential backoff, until it succeeds or the time budget runs out.

import { HranaError, isBusyError } from './errors.ts';

/** Sleepers that are woken early whenever some connection may have released a lock. */
export class LockWaiters {
  #wakers = new Set<() => void>();

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wakers.add(done);
    });
  }

  /** Wakes every waiter (they will retry; the losers go back to sleep). */
  notify(): void {
    for (const wake of Array.from(this.#wakers)) wake();
  }
}

export type BusyPolicy = {
  /** Total time a step may wait for a lock before SQLITE_BUSY is returned. */
  timeoutMs: number;
  waiters: LockWaiters;
  /** Checked after each wait: a closed stream or server stops retrying. */
  isCancelled: () => boolean;
};

/**
 * Runs `attempt` (a synchronous engine call) and retries it while it fails with SQLITE_BUSY,
 * unless `giveUp(error)` says that waiting cannot help (e.g. SQLITE_BUSY_SNAPSHOT inside a
 * transaction: the snapshot is stale and stays so).
 */
export async function retryBusy<T>(attempt: () => T, giveUp: (e: unknown) => boolean, policy: BusyPolicy): Promise<T> {
  const deadline = Date.now() + policy.timeoutMs;
  let delay = 1;
  for (;;) {
    try {
      return attempt();
    } catch (e) {
      if (!isBusyError(e)) throw e;
      if (giveUp(e)) throw e;
      const left = deadline - Date.now();
      if (left <= 0) throw e;
      await policy.waiters.wait(Math.min(delay, left));
      delay = Math.min(delay * 2, 50);
      if (policy.isCancelled()) {
        throw new HranaError('The stream was closed while waiting for a database lock', 'STREAM_CLOSED');
      }
    }
  }
}
