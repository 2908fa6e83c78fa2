import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import {
  attendanceOutbox,
  newEventId,
  pendingAttendanceCount,
  pendingLogoutMessage,
  startAttendanceSync,
  type AttendanceOutboxDeps,
  type PendingEvent,
} from './attendance-outbox.ts';

let seq = 0;
const event = (userId: string, more: Partial<PendingEvent> = {}): PendingEvent => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  sessionId: 's1',
  userId,
  kind: 'present',
  method: 'roster',
  recordedAt: new Date(Date.UTC(2026, 10, 27, 10, 0, seq)).toISOString(),
  ...more,
});

type Answer = (events: PendingEvent[], token: string | null | undefined) => Promise<unknown>;
const acceptAll: Answer = async (events) => ({ success: true, data: { results: events.map((e) => ({ id: e.id, outcome: 'accepted' })) } });

/** A Map for the local database (sorted prefix reads, as IndexedDB's key ranges) and a scripted server that records each batch. */
function fakes(answer: Answer = acceptAll, more: Partial<AttendanceOutboxDeps> = {}) {
  const db = new Map<string, unknown>();
  const batches: { events: PendingEvent[]; token: string | null | undefined }[] = [];
  const keys = (prefix: string) => [...db.keys()].filter((k) => k.startsWith(prefix)).sort();
  let online = true;
  const deps: AttendanceOutboxDeps = {
    putMany: async (entries) => {
      for (const [k, v] of entries) db.set(k, structuredClone(v));
      return true;
    },
    deleteMany: async (ks) => void ks.forEach((k) => db.delete(k)),
    values: async <T>(prefix: string) => keys(prefix).map((k) => db.get(k) as T),
    count: async (prefix) => keys(prefix).length,
    post: async (body, token) => {
      batches.push({ events: body.events, token });
      return (await answer(body.events, token)) as never;
    },
    online: () => online,
    ...more,
  };
  return { db, batches, deps, setOnline: (v: boolean) => (online = v) };
}

describe('the attendance outbox', () => {
  it('keeps taps per owner in the local database while offline and sends them, oldest first, once back', async () => {
    const { db, batches, deps, setOnline } = fakes();
    setOnline(false);
    const box = attendanceOutbox('user:i1', { deps });
    const [a, b] = [event('u1'), event('u2')];
    await box.add([b]);
    await box.add([a]);
    expect(batches).toHaveLength(0);
    expect(await attendanceOutbox('user:i2', { deps }).pending()).toEqual([]);
    expect((await box.pending()).map((e) => e.userId).sort()).toEqual(['u1', 'u2']);
    expect(db.size).toBe(2);

    setOnline(true);
    expect(await box.flush()).toEqual({ sent: 2, rejected: [] });
    expect(batches).toHaveLength(1);
    expect(batches[0]?.events.map((e) => e.recordedAt)).toEqual([b.recordedAt, a.recordedAt].sort());
    expect(batches[0]?.token).toBeUndefined();
    expect(db.size).toBe(0);
    expect(await box.flush()).toEqual({ sent: 0, rejected: [] });
    expect(batches).toHaveLength(1);
  });

  it('tries a flush right after a tap when online', async () => {
    const { batches, deps } = fakes();
    const box = attendanceOutbox('user:i1', { deps });
    await box.add([event('u1')]);
    await vi.waitFor(async () => expect(await box.pending()).toEqual([]));
    expect(batches).toHaveLength(1);
  });

  it('sends 1,201 events in batches of at most 500', async () => {
    const { batches, deps, setOnline } = fakes();
    setOnline(false);
    const box = attendanceOutbox('user:i1', { deps });
    await box.add(Array.from({ length: 1201 }, (_, i) => event(`u${i}`)));
    expect(await box.flush()).toMatchObject({ sent: 1201 });
    expect(batches.map((b) => b.events.length)).toEqual([500, 500, 201]);
  });

  it('keeps everything when the network fails, and keeps but reports a batch the server refused (4xx) or could not take (5xx)', async () => {
    let answer: Answer = async () => {
      throw new ApiError('Request failed', 0);
    };
    const { deps, setOnline } = fakes((events, token) => answer(events, token));
    setOnline(false);
    const box = attendanceOutbox('user:i1', { deps });
    await box.add([event('u1'), event('u2')]);
    expect(await box.flush()).toEqual({ sent: 0, rejected: [] });
    answer = async () => {
      throw new ApiError('Authentication required', 401);
    };
    expect(await box.flush()).toMatchObject({ sent: 0, rejected: [], error: 'Authentication required', refused: [{ status: 401 }] });
    answer = async () => {
      throw new ApiError('Service unavailable', 503);
    };
    expect(await box.flush()).toEqual({ sent: 0, rejected: [], error: 'Service unavailable' });
    expect(await box.pending()).toHaveLength(2);
  });

  it("sends each session's events apart, so a session the server refuses (403) holds back only its own, which a person may discard", async () => {
    const [mine, notMine, mine2] = [event('u1'), event('u2', { sessionId: 's2' }), event('u3')];
    const { batches, deps, setOnline } = fakes(async (events, token) => {
      if (events.some((e) => e.sessionId === 's2')) throw new ApiError('You can only take attendance for sessions you teach', 403);
      return acceptAll(events, token);
    });
    setOnline(false);
    const box = attendanceOutbox('user:i1', { deps });
    await box.add([mine, notMine, mine2]);
    const result = await box.flush();
    expect(result).toEqual({
      sent: 2,
      rejected: [],
      error: 'You can only take attendance for sessions you teach',
      refused: [{ status: 403, reason: 'You can only take attendance for sessions you teach', events: [notMine] }],
    });
    expect(batches.map((b) => b.events.map((e) => e.userId))).toEqual([['u1', 'u3'], ['u2']]);
    expect(await box.pending()).toEqual([notMine]);
    await box.discard([notMine.id]);
    expect(await box.pending()).toEqual([]);
  });

  it('drops the events a 400 names (an account deleted meanwhile), reports them, and sends the rest of the batch again', async () => {
    const [a, gone, b] = [event('u1'), event('gone'), event('u2')];
    const { batches, deps, setOnline } = fakes(async (events, token) => {
      const i = events.findIndex((e) => e.userId === 'gone');
      if (i >= 0) throw new ApiError('Unknown member', 400, { errors: [{ path: `events.${i}.userId`, message: 'Unknown member' }] });
      return acceptAll(events, token);
    });
    setOnline(false);
    const box = attendanceOutbox('user:i1', { deps });
    await box.add([a, gone, b]);
    expect(await box.flush()).toEqual({ sent: 2, rejected: [{ id: gone.id, reason: 'Unknown member', event: gone }] });
    expect(batches.map((x) => x.events.map((e) => e.userId))).toEqual([
      ['u1', 'gone', 'u2'],
      ['u1', 'u2'],
    ]);
    expect(await box.pending()).toEqual([]);
  });

  it('keeps a batch whose 400 names no event (the body as a whole), and says why', async () => {
    const { deps, setOnline } = fakes(async () => {
      throw new ApiError('Please send the attendance as a JSON object', 400, { errors: [{ path: 'events', message: 'x' }] });
    });
    setOnline(false);
    const box = attendanceOutbox('user:i1', { deps });
    await box.add([event('u1')]);
    expect(await box.flush()).toMatchObject({ sent: 0, refused: [{ status: 400 }], error: 'Please send the attendance as a JSON object' });
    expect(await box.pending()).toHaveLength(1);
  });

  it('drops accepted, duplicate and rejected events, reports the rejected with the reason, and keeps any the answer left out', async () => {
    const [ok, dup, bad, missing] = [event('u1'), event('u2'), event('u3'), event('u4')];
    const { deps, setOnline } = fakes(async () => ({
      success: true,
      data: {
        results: [
          { id: ok.id, outcome: 'accepted' },
          { id: dup.id, outcome: 'duplicate' },
          { id: bad.id, outcome: 'rejected', reason: 'Session cancelled' },
        ],
      },
    }));
    setOnline(false);
    const box = attendanceOutbox('user:i1', { deps });
    await box.add([ok, dup, bad, missing]);
    expect(await box.flush()).toEqual({ sent: 2, rejected: [{ id: bad.id, reason: 'Session cancelled', event: bad }] });
    expect((await box.pending()).map((e) => e.id)).toEqual([missing.id]);
  });

  it('tells subscribers the pending count now, after each tap and after each flush with its result', async () => {
    const { deps, setOnline } = fakes();
    setOnline(false);
    const box = attendanceOutbox('user:sub', { deps });
    const seen: [number, unknown][] = [];
    const stop = box.subscribe((count, last) => seen.push([count, last]));
    await vi.waitFor(() => expect(seen).toEqual([[0, undefined]]));
    await box.add([event('u1'), event('u2')]);
    // Another outbox object of the same owner (the panel's sync) reaches the same subscribers.
    await attendanceOutbox('user:sub', { deps }).flush();
    expect(seen).toEqual([
      [0, undefined],
      [2, undefined],
      [0, { sent: 2, rejected: [] }],
    ]);
    stop();
    await box.add([event('u3')]);
    expect(seen).toHaveLength(3);
  });

  it('never sends an event twice when flushed twice at once, and runs once more for a tap made during a flush', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { batches, deps, setOnline } = fakes(async (events) => {
      await gate;
      return acceptAll(events, undefined);
    });
    setOnline(false);
    const box = attendanceOutbox('user:i1', { deps });
    await box.add([event('u1')]);
    const first = box.flush();
    await box.add([event('u2')]);
    const both = Promise.all([first, box.flush(), box.flush()]);
    release();
    const [r1, r2, r3] = await both;
    expect(batches.map((b) => b.events.map((e) => e.userId))).toEqual([['u1'], ['u2']]);
    expect([r1.sent, r2.sent, r3.sent]).toEqual([1, 1, 1]);
  });

  it('holds the Web Lock named for its owner while sending', async () => {
    const names: string[] = [];
    const { deps, setOnline } = fakes(acceptAll, {
      lock: async (name, work) => {
        names.push(name);
        return work();
      },
    });
    setOnline(false);
    const box = attendanceOutbox('kiosk:k1', { deps });
    await box.add([event('u1')]);
    await box.flush();
    expect(names).toEqual(['dojo-attendance:kiosk:k1:']);
  });

  it("sends a kiosk's events with the kiosk's own token", async () => {
    const { batches, deps, setOnline } = fakes();
    setOnline(false);
    const box = attendanceOutbox('kiosk:k1', { deps, token: () => 'kiosk_abc' });
    await box.add([event('u1', { method: 'kiosk_qr' })]);
    await box.flush();
    expect(batches[0]?.token).toBe('kiosk_abc');
  });

  it('keeps taps in memory for the page when the browser refuses to store them', async () => {
    const { batches, deps, setOnline } = fakes(acceptAll, { putMany: async () => false });
    setOnline(false);
    const box = attendanceOutbox('user:nodb', { deps });
    await box.add([event('u1')]);
    expect(await box.pending()).toHaveLength(1);
    expect(await pendingAttendanceCount(undefined, deps)).toBe(1);
    expect(await box.flush()).toMatchObject({ sent: 1 });
    expect(batches).toHaveLength(1);
    expect(await pendingAttendanceCount(undefined, deps)).toBe(0);
  });

  it("counts one owner's waiting events for the sign-out check, or every owner's, and says how many", async () => {
    const { deps, setOnline } = fakes();
    setOnline(false);
    await attendanceOutbox('user:i1', { deps }).add([event('u1'), event('u2')]);
    await attendanceOutbox('kiosk:k1', { deps }).add([event('u3')]);
    expect(await pendingAttendanceCount(undefined, deps)).toBe(3);
    expect(await pendingAttendanceCount('user:i1', deps)).toBe(2);
    expect(await pendingAttendanceCount('user:i', deps)).toBe(0);
    expect(pendingLogoutMessage(3)).toBe(
      '3 check-ins are not sent yet. Connect to the internet and wait for them to send before logging out.',
    );
    expect(pendingLogoutMessage(1)).toMatch(/^1 check-in is not sent yet\./);
  });
});

describe('attendance sync', () => {
  it('flushes at once, on online and every 30 s, and stops', async () => {
    vi.useFakeTimers();
    try {
      const flush = vi.fn(async () => ({ sent: 0, rejected: [] }));
      const events = new EventTarget();
      const stop = startAttendanceSync({ flush }, { events });
      expect(flush).toHaveBeenCalledTimes(1);
      events.dispatchEvent(new Event('online'));
      expect(flush).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(30_000);
      expect(flush).toHaveBeenCalledTimes(3);
      stop();
      vi.advanceTimersByTime(60_000);
      events.dispatchEvent(new Event('online'));
      expect(flush).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for persistent storage once per page, and not when it is already granted', async () => {
    const persist = vi.fn(async () => true);
    vi.resetModules();
    const page = await import('./attendance-outbox.ts');
    expect(await page.askPersistentStorage({ persist, persisted: async () => false })).toBe(true);
    expect(await page.askPersistentStorage({ persist, persisted: async () => false })).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    vi.resetModules();
    const next = await import('./attendance-outbox.ts');
    expect(await next.askPersistentStorage({ persist, persisted: async () => true })).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });
});

describe('newEventId', () => {
  it('makes v4 UUIDs, also where randomUUID is missing (a page not served over HTTPS)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newEventId()).toMatch(v4);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends Uint8Array<ArrayBuffer>>(a: T) => real.getRandomValues(a) });
    try {
      const ids = new Set(Array.from({ length: 50 }, newEventId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(v4);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
