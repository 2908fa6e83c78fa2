import { api, ApiError, type ApiBody } from './api.ts';
import type { ChatMessage } from './messages-thread.ts';
import { offlineGet, offlinePut } from './offline-store.ts';

/**
 * Messages written offline (spec 8), kept per user in the local database until the server has them:
 * sent in the order written when the browser is back online. A refusal (4xx) drops the message and is
 * reported; no answer, 429 or a 5xx keeps it for the next try.
 */
export type OutboxItem = { id: string; path: string; body: Record<string, unknown>; message: ChatMessage };

export type OutboxDeps = {
  get: <T>(key: string) => Promise<T | null>;
  put: (key: string, value: unknown) => Promise<void>;
  post: (path: string, body: Record<string, unknown>) => Promise<ApiBody>;
  /** Web Locks, so two tabs never send the same message twice. */
  lock?: <T>(name: string, work: () => Promise<T>) => Promise<T>;
};

/** Web Locks where the browser has them: one holder of `name` at a time across every tab of the site. */
export const webLock = (): OutboxDeps['lock'] => {
  const locks = globalThis.navigator?.locks;
  return locks ? (name, work) => locks.request(name, work) : undefined;
};

const defaultDeps = (): OutboxDeps => ({ get: offlineGet, put: offlinePut, post: (path, body) => api(path, { body }), lock: webLock() });

/** One outbox per user (their messages to the school) or per user and conversation (the school's replies). */
export const outboxKey = (owner: string) => `outbox:${owner}`;

/** No answer at all: the browser is offline or the server unreachable. */
export const isNetworkFailure = (err: unknown) => err instanceof ApiError && err.status === 0;
/** No answer, 429 or a 5xx: the server could not take it now, so it waits for the next try. */
export const worthRetrying = (err: unknown) =>
  isNetworkFailure(err) || (err instanceof ApiError && (err.status === 429 || err.status >= 500));

export type FlushHandlers = {
  onSent: (item: OutboxItem, body: ApiBody) => void;
  onRefused: (item: OutboxItem, err: unknown) => void;
};

const flushing = new Map<string, Promise<number>>();

export function outbox(owner: string, deps: OutboxDeps = defaultDeps()) {
  const key = outboxKey(owner);
  const list = async () => (await deps.get<OutboxItem[]>(key)) ?? [];
  const remove = async (id: string) =>
    deps.put(
      key,
      (await list()).filter((i) => i.id !== id),
    );

  async function sendAll({ onSent, onRefused }: FlushHandlers): Promise<number> {
    let sent = 0;
    for (const item of await list()) {
      try {
        const body = await deps.post(item.path, item.body);
        await remove(item.id);
        sent++;
        onSent(item, body);
      } catch (err) {
        if (worthRetrying(err)) break;
        await remove(item.id);
        onRefused(item, err);
      }
    }
    return sent;
  }

  return {
    list,
    async add(item: OutboxItem) {
      await deps.put(key, [...(await list()), item]);
    },
    /** Sends what waits, once at a time per user (a second call joins the first); resolves with how many were sent. */
    flush(handlers: FlushHandlers): Promise<number> {
      const running = flushing.get(key);
      if (running) return running;
      const work = deps.lock ? deps.lock(`dojo-${key}`, () => sendAll(handlers)) : sendAll(handlers);
      const done = work.finally(() => flushing.delete(key));
      flushing.set(key, done);
      return done;
    },
  };
}
