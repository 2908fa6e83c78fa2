import { isAdminCapable, type Role } from '#core/roles.ts';
import { MAX_BATCH, OUTCOMES, type AttendanceKind, type AttendanceMethod } from '#core/attendance/kinds.ts';
import { api, ApiError, errorMessage, INVALID_JSON, type ApiBody } from './api.ts';
import { isNetworkFailure, webLock, worthRetrying } from './offline-outbox.ts';
import { KEPT_ON_CLEAR, offlineCount, offlineDeleteMany, offlinePutMany, offlineValues } from './offline-store.ts';

/**
 * Check-ins taken on the roster or the kiosk (issue 24 §5): each tap is written to the local database
 * first, one key per event, then sent in batches of at most 500 to POST /api/attendance/events. The
 * event's id is the server's idempotency key, so a batch sent twice (a lost answer) changes nothing.
 * Each batch holds one session's events. No answer, 429 or a 5xx keeps everything for the next try; a 4xx
 * on a batch keeps that batch and says why (a person may `discard` it), except a 400 that names events
 * (an unknown member): those are dropped and reported, the others sent again; an event the server
 * rejected (unknown session, too old) is dropped and reported.
 */
export type PendingEvent = {
  id: string;
  sessionId: string;
  userId: string;
  kind: AttendanceKind;
  method: AttendanceMethod;
  recordedAt: string;
};
/** `event`: what was rejected, so a screen can say whose check-in it was. */
export type Rejection = { id: string; reason: string; event?: PendingEvent };
/** A batch the server refused whole (4xx): kept, so a person decides (log in again, or discard them). */
export type Refusal = { status: number; reason: string; events: PendingEvent[] };
/** `error`: why events still wait when it is more than "no network" (a refused batch, a busy server). */
export type FlushResult = { sent: number; rejected: Rejection[]; refused?: Refusal[]; error?: string };
export type PendingListener = (pendingCount: number, last?: FlushResult) => void;

export type AttendanceOutboxDeps = {
  putMany: (entries: readonly (readonly [string, unknown])[]) => Promise<boolean>;
  deleteMany: (keys: readonly string[]) => Promise<void>;
  values: <T>(prefix: string) => Promise<T[]>;
  count: (prefix: string) => Promise<number>;
  post: (body: { events: PendingEvent[] }, token: string | null | undefined) => Promise<ApiBody>;
  online: () => boolean;
  lock?: <T>(name: string, work: () => Promise<T>) => Promise<T>;
};

export const ATTENDANCE_PATH = '/attendance/events';

const defaultDeps = (): AttendanceOutboxDeps => ({
  putMany: offlinePutMany,
  deleteMany: offlineDeleteMany,
  values: offlineValues,
  count: offlineCount,
  post: (body, token) => api(ATTENDANCE_PATH, { body, fallback: 'Failed to send check-ins', ...(token === undefined ? {} : { token }) }),
  online: () => globalThis.navigator?.onLine !== false,
  lock: webLock(),
});

const ownerPrefix = (owner: string) => `${KEPT_ON_CLEAR}${owner}:`;

// Where the browser refused the write (no IndexedDB): kept for this page's life rather than lost.
const unsaved = new Map<string, PendingEvent>();
const listeners = new Map<string, Set<PendingListener>>();
const running = new Map<string, Promise<FlushResult>>();
const followUps = new Map<string, Promise<FlushResult>>();

const byRecordedAt = (a: PendingEvent, b: PendingEvent) => a.recordedAt.localeCompare(b.recordedAt) || a.id.localeCompare(b.id);

/** One session's events per batch (a refusal then holds back only that session's), at most 500 each. */
function batches(events: readonly PendingEvent[]): PendingEvent[][] {
  const bySession = new Map<string, PendingEvent[]>();
  for (const e of events) {
    const list = bySession.get(e.sessionId);
    if (list) list.push(e);
    else bySession.set(e.sessionId, [e]);
  }
  const out: PendingEvent[][] = [];
  for (const list of bySession.values()) for (let i = 0; i < list.length; i += MAX_BATCH) out.push(list.slice(i, i + MAX_BATCH));
  return out;
}

type Outcome = { id: string; outcome: string; reason?: string };
const SETTLED: readonly string[] = OUTCOMES;
const resultsOf = (body: ApiBody): Outcome[] | null => {
  const results = (body.data as { results?: unknown } | undefined)?.results;
  return Array.isArray(results) ? (results as Outcome[]) : null;
};

/** The events a 400 names field by field (`events.3.userId`), as rejections; null when it names anything else. */
function namedEvents(err: unknown, batch: readonly PendingEvent[]): Rejection[] | null {
  if (!(err instanceof ApiError) || err.status !== 400 || !err.errors.length) return null;
  const named = new Map<string, Rejection>();
  for (const { path, message } of err.errors) {
    const event = batch[Number(/^events\.(\d+)\./.exec(path)?.[1] ?? NaN)];
    if (!event) return null;
    if (!named.has(event.id)) named.set(event.id, { id: event.id, reason: message, event });
  }
  return [...named.values()];
}

export type AttendanceOutbox = ReturnType<typeof attendanceOutbox>;

/** A v4 UUID for a new event (its idempotency key); randomUUID needs a secure context, getRandomValues does not. */
export function newEventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Who records check-ins from a panel: the instructors and the admin-capable (issue 24 §3). */
export const mayTakeAttendance = (role: Role) => role === 'instructor' || isAdminCapable(role);

/** A panel user's outbox owner. */
export const attendanceOwner = (user: { _id: string }) => `user:${user._id}`;

/** The outbox of one recorder: `user:<id>` on a panel, `kiosk:<deviceId>` on a kiosk (which passes its own token). */
export function attendanceOutbox(owner: string, opts: { token?: () => string | null; deps?: AttendanceOutboxDeps } = {}) {
  const deps = opts.deps ?? defaultDeps();
  const prefix = ownerPrefix(owner);
  const keyOf = (id: string) => `${prefix}${id}`;

  async function pending(): Promise<PendingEvent[]> {
    const stored = await deps.values<PendingEvent>(prefix);
    const memory = [...unsaved].filter(([k]) => k.startsWith(prefix)).map(([, e]) => e);
    return [...stored, ...memory].sort(byRecordedAt);
  }

  async function notify(last?: FlushResult) {
    const subscribed = listeners.get(owner);
    if (!subscribed?.size) return;
    const count = (await pending()).length;
    for (const listener of subscribed) listener(count, last);
  }

  async function remove(ids: readonly string[]) {
    const keys = ids.map(keyOf);
    for (const k of keys) unsaved.delete(k);
    await deps.deleteMany(keys);
  }

  async function sendAll(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, rejected: [] };
    const queue = batches(await pending());
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      let results: Outcome[] | null;
      try {
        results = resultsOf(await deps.post({ events: batch }, opts.token ? opts.token() : undefined));
      } catch (err) {
        // A 400 naming events (an account deleted meanwhile): those can never be taken; the rest go again.
        const named = namedEvents(err, batch);
        if (named) {
          await remove(named.map((r) => r.id));
          result.rejected.push(...named);
          const rest = batch.filter((e) => !named.some((r) => r.id === e.id));
          if (rest.length) queue.unshift(rest);
          continue;
        }
        if (!isNetworkFailure(err)) result.error ??= errorMessage(err);
        if (worthRetrying(err)) return result;
        // Refused whole (an instructor no longer teaching that class): kept, and the other sessions still go.
        (result.refused ??= []).push({ status: err instanceof ApiError ? err.status : 0, reason: errorMessage(err), events: batch });
        continue;
      }
      if (!results) return { ...result, error: INVALID_JSON };
      // The server answers ids lower-cased (one UUID, one key).
      const inBatch = new Map(batch.map((e) => [e.id.toLowerCase(), e]));
      const settled = results.flatMap((r) => {
        const event = typeof r.id === 'string' ? inBatch.get(r.id.toLowerCase()) : undefined;
        return event && SETTLED.includes(r.outcome) ? [{ ...r, event }] : [];
      });
      await remove(settled.map((r) => r.event.id));
      for (const r of settled) {
        if (r.outcome === 'rejected') result.rejected.push({ id: r.event.id, reason: r.reason || 'Rejected', event: r.event });
        else result.sent++;
      }
    }
    return result;
  }

  function flushOnce(): Promise<FlushResult> {
    const work = deps.lock ? deps.lock(`dojo-${prefix}`, sendAll) : sendAll();
    const done = work
      .catch((err: unknown): FlushResult => ({ sent: 0, rejected: [], error: errorMessage(err) }))
      .then(async (result) => {
        running.delete(prefix);
        await notify(result);
        return result;
      });
    running.set(prefix, done);
    return done;
  }

  function flush(): Promise<FlushResult> {
    const current = running.get(prefix);
    if (!current) return flushOnce();
    let next = followUps.get(prefix);
    if (!next) {
      next = current.then(() => {
        followUps.delete(prefix);
        return flushOnce();
      });
      followUps.set(prefix, next);
    }
    return next;
  }

  return {
    owner,
    pending,
    /** Written to the local database first (a reload keeps it), then a flush is tried when online. */
    async add(events: PendingEvent[]): Promise<void> {
      if (!events.length) return;
      const entries = events.map((e) => [keyOf(e.id), e] as const);
      if (!(await deps.putMany(entries))) for (const [k, e] of entries) unsaved.set(k, e);
      await notify();
      if (deps.online()) void flush();
    },
    /** Drops events a person chose to give up (a batch the server keeps refusing); they are never sent. */
    async discard(ids: readonly string[]): Promise<void> {
      await remove(ids);
      await notify();
    },
    /** Sends what waits, one run at a time per owner (a call during a run gets one more run after it). */
    flush,
    /** Called with the pending count now, after every change, and with each flush's result. */
    subscribe(listener: PendingListener): () => void {
      const set = listeners.get(owner) ?? new Set<PendingListener>();
      listeners.set(owner, set);
      set.add(listener);
      void pending().then((list) => {
        if (set.has(listener)) listener(list.length);
      });
      return () => void set.delete(listener);
    },
  };
}

let persistAsked: Promise<boolean> | null = null;

/** Asks once per page that the browser keep the local database under storage pressure; true when it will. */
export function askPersistentStorage(storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage) {
  persistAsked ??= (async () => {
    try {
      if (!storage?.persist) return false;
      return (await storage.persisted?.()) || (await storage.persist());
    } catch {
      return false;
    }
  })();
  return persistAsked;
}

export const ATTENDANCE_SYNC_MS = 30_000;

/** Flushes now, on `online` and every 30 s; asks for persistent storage. Returns the stop. */
export function startAttendanceSync(
  outbox: Pick<AttendanceOutbox, 'flush'>,
  { everyMs = ATTENDANCE_SYNC_MS, events = globalThis as Pick<EventTarget, 'addEventListener' | 'removeEventListener'> } = {},
): () => void {
  void askPersistentStorage();
  const tick = () => {
    if (globalThis.navigator?.onLine !== false) void outbox.flush();
  };
  tick();
  events.addEventListener('online', tick);
  const timer = setInterval(tick, everyMs);
  return () => {
    events.removeEventListener('online', tick);
    clearInterval(timer);
  };
}

/**
 * The events waiting in this browser: one recorder's (`user:<id>`: what a sign-out would leave unsent,
 * since only their token can send them), or every recorder's when no owner is given.
 */
export async function pendingAttendanceCount(owner?: string, deps: Pick<AttendanceOutboxDeps, 'count'> = defaultDeps()): Promise<number> {
  const prefix = owner ? ownerPrefix(owner) : KEPT_ON_CLEAR;
  let memory = 0;
  for (const k of unsaved.keys()) if (k.startsWith(prefix)) memory++;
  return (await deps.count(prefix)) + memory;
}

/** What a refused sign-out says: "3 check-ins are not sent yet. …". */
export const pendingLogoutMessage = (count: number) =>
  `${count} check-in${count === 1 ? ' is' : 's are'} not sent yet. Connect to the internet and wait for them to send before logging out.`;
