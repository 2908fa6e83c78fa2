import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * Remembers the router's answer for request paths that are themselves a registered static route
 * (`/api/auth/me`, `/api/courses`, …). The spec's paths put a parameter beside static siblings
 * (`/api/users/role/:role` and `/api/users/:id`), which Hono's RegExpRouter refuses, so the app runs on
 * TrieRouter, whose search allocates about 1 KB per request; on the busiest calls that was a steady share
 * of the garbage that sets how often workerd stops the isolate to collect (decision 008).
 *
 * A match is a pure function of method and path and Hono only reads it, so one answer can serve every
 * request for the same path. Only paths equal to a static route are kept: the memo cannot grow past
 * (static routes × methods), whatever paths clients send. Paths with an id in them go to the router.
 */
export class StaticMatchMemo<T> implements Router<T> {
  readonly name = 'StaticMatchMemo';
  readonly #inner: Router<T>;
  readonly #staticPaths = new Set<string>();
  readonly #methods = new Set<string>();
  readonly #memo = new Map<string, Map<string, Result<T>>>();

  constructor(inner: Router<T>) {
    this.#inner = inner;
  }

  add(method: string, path: string, handler: T): void {
    this.#inner.add(method, path, handler);
    if (!/[:*?{]/.test(path)) this.#staticPaths.add(path);
    if (method !== 'ALL') this.#methods.add(method);
  }

  match(method: string, path: string): Result<T> {
    const known = this.#memo.get(method)?.get(path);
    if (known) return known;
    const result = this.#inner.match(method, path);
    if (this.#staticPaths.has(path) && this.#methods.has(method)) {
      let byPath = this.#memo.get(method);
      if (!byPath) this.#memo.set(method, (byPath = new Map()));
      byPath.set(path, result);
    }
    return result;
  }

  /** How many answers are kept (for tests). */
  get size(): number {
    let n = 0;
    for (const byPath of this.#memo.values()) n += byPath.size;
    return n;
  }
}

/** Hono's default router (RegExpRouter, else TrieRouter), behind the memo. */
export const memoizedRouter = <T>() => new StaticMatchMemo<T>(new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] }));
