import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRetryDelay, jitteredMinDelay, RealtimeClient, SOCKET, SOCKET_MESSAGES, type SocketStatus } from './realtime.ts';

/** A stand-in for the browser's WebSocket: each instance is one connection attempt the test drives. */
class FakeSocket extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  bufferedAmount = 0;
  extensions = '';
  protocol = '';
  sent: string[] = [];
  onopen = null;
  onclose = null;
  onmessage = null;
  onerror = null;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(frame: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  close(code = 1000, reason = '') {
    if (this.readyState === 3) return;
    this.readyState = 3;
    const e = new Event('close') as Event & { code: number; reason: string; wasClean: boolean };
    Object.assign(e, { code, reason, wasClean: true });
    this.dispatchEvent(e);
  }
}

const last = () => FakeSocket.made[FakeSocket.made.length - 1]!;

/** Frames as a room sends them: the client parses each against core/realtime/frames.ts. */
const AUTHENTICATED = { type: 'authenticated', data: { userId: 'u1', role: 'student' } };
const NOTIFICATION = {
  type: 'notification',
  data: {
    _id: 'n1',
    id: 'n1',
    userId: 'u1',
    title: 'Hi',
    body: 'Grading on Saturday',
    type: 'info',
    eventType: 'custom',
    priority: 'normal',
    entityType: null,
    entityId: null,
    data: {},
    actions: [],
    read: false,
    readAt: null,
    clicked: false,
    clickedAt: null,
    delivered: false,
    timestamp: '2026-11-27T10:00:00.000Z',
    createdAt: '2026-11-27T10:00:00.000Z',
  },
};

function client(session: { token: string | null } = { token: 'tok' }) {
  const statuses: [SocketStatus, string | undefined][] = [];
  const frames: unknown[] = [];
  const c = new RealtimeClient({
    host: 'dojo.test',
    userId: 'u1',
    role: 'student',
    token: () => session.token,
    onFrame: (f) => frames.push(f),
    onStatus: (s, m) => statuses.push([s, m]),
    WebSocket: FakeSocket,
    random: () => 0,
  });
  return { c, statuses, frames };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the realtime client (spec 4, 8, 9)', () => {
  it("connects to the user's room, authenticates by frame (never in the URL) and is connected once the room accepts it", async () => {
    const { c, statuses, frames } = client();
    c.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(last().url).toMatch(/^wss?:\/\/dojo\.test\/parties\/user\/u1(\?|$)/);
    expect(last().url).not.toMatch(/tok/);
    last().open();
    expect(JSON.parse(last().sent.shift()!)).toEqual({ type: 'authenticate', userId: 'u1', userRole: 'student', token: 'tok' });
    last().receive(AUTHENTICATED);
    expect(c.status).toBe('connected');
    last().receive(NOTIFICATION);
    // Parsed, never cast: a frame outside the protocol, or one whose data is not its view, goes nowhere.
    last().receive({ type: 'notification', data: { title: 'Hi' } });
    last().receive({ type: 'new_message', content: 'spoofed' });
    expect(frames).toEqual([AUTHENTICATED, NOTIFICATION]);
    expect(statuses.map(([s]) => s)).toEqual(['connecting', 'connected']);
    c.typing('admin1', true);
    expect(JSON.parse(last().sent[0]!)).toEqual({ type: 'typing', targetId: 'admin1', isTyping: true });
  });

  it("retries at app level after 5 failed transport attempts (1 s doubling, at most 10 s), then stops with 'Connection failed after multiple attempts'", async () => {
    const { c, statuses } = client();
    c.connect();
    /** Fails every attempt of one transport round; answers when the round's 5th attempt failed. */
    async function failRound() {
      for (let i = 0; i < SOCKET.maxAttempts; i++) {
        await vi.advanceTimersByTimeAsync(i === 0 ? 0 : SOCKET.reconnectMaxMs);
        last().close(1006, '');
      }
    }
    const waits: number[] = [];
    for (let round = 0; round < SOCKET.appRetryMaxAttempts; round++) {
      await failRound();
      expect(c.status).toBe('reconnecting');
      // The app-level retry opens nothing before its delay, then one fresh transport.
      const made = FakeSocket.made.length;
      const delay = appRetryDelay(round);
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeSocket.made.length).toBe(made);
      // The fresh transport opens its socket a moment after the retry (its own zero-delay start).
      await vi.advanceTimersByTimeAsync(50);
      expect(FakeSocket.made.length).toBe(made + 1);
      waits.push(delay);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10000]);
    await failRound();
    expect(c.status).toBe('failed');
    expect(statuses.at(-1)).toEqual(['failed', SOCKET_MESSAGES.failedAfterRetries]);
    expect(statuses.filter(([s]) => s === 'reconnecting')[0]?.[1]).toMatch(/^Connection failed: /);
    const made = FakeSocket.made.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made.length).toBe(made);
  });

  it('an authenticated socket resets the app-level retry: a later failing round starts again at 1 s', async () => {
    const { c } = client();
    c.connect();
    for (let i = 0; i < SOCKET.maxAttempts; i++) {
      await vi.advanceTimersByTimeAsync(i === 0 ? 0 : SOCKET.reconnectMaxMs);
      last().close(1006, '');
    }
    await vi.advanceTimersByTimeAsync(appRetryDelay(0) + 50);
    last().open();
    last().receive(AUTHENTICATED);
    expect(c.status).toBe('connected');
    for (let i = 0; i < SOCKET.maxAttempts; i++) {
      if (i > 0) await vi.advanceTimersByTimeAsync(SOCKET.reconnectMaxMs);
      last().close(1006, '');
    }
    expect(c.status).toBe('reconnecting');
    const made = FakeSocket.made.length;
    await vi.advanceTimersByTimeAsync(appRetryDelay(0) + 50);
    expect(FakeSocket.made.length).toBe(made + 1);
  });

  it('counts a failed attempt once although the transport reports an error and a close for it', async () => {
    const { c, statuses } = client();
    c.connect();
    await vi.advanceTimersByTimeAsync(0);
    last().dispatchEvent(new Event('error'));
    expect(statuses.filter(([s]) => s === 'reconnecting')).toHaveLength(1);
    expect(c.status).toBe('reconnecting');
  });

  it('does not reconnect after an auth_error nor after a deliberate close', async () => {
    const a = client();
    a.c.connect();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().receive({ type: 'auth_error', message: 'Your session has ended, please log in again' });
    expect(a.statuses.at(-1)).toEqual(['error', 'Your session has ended, please log in again']);
    const made = FakeSocket.made.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made.length).toBe(made);

    const b = client();
    b.c.connect();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().receive(AUTHENTICATED);
    b.c.close();
    expect(b.c.status).toBe('disconnected');
    const after = FakeSocket.made.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made.length).toBe(after);
  });

  it('reconnects after a drop of a connected socket and says so', async () => {
    const { c, statuses } = client();
    c.connect();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().receive(AUTHENTICATED);
    const first = last();
    first.close(1006, 'network');
    expect(statuses.at(-1)).toEqual(['reconnecting', 'Reconnection failed: network']);
    await vi.advanceTimersByTimeAsync(SOCKET.reconnectMaxMs);
    expect(last()).not.toBe(first);
    last().open();
    last().receive(AUTHENTICATED);
    expect(c.status).toBe('connected');
  });

  it("authenticates every reconnect with the session's current token, and follows a renewed token after an auth_error", async () => {
    const session = { token: 'tok' as string | null };
    const { c, statuses } = client(session);
    c.connect();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().receive(AUTHENTICATED);
    // Renewed silently; then the room ends the old socket's session.
    session.token = 'renewed';
    const first = last();
    first.receive({ type: 'auth_error', message: 'Your session has ended, please log in again' });
    first.close(4002, 'Your session has ended, please log in again');
    expect(c.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(SOCKET.reconnectMaxMs);
    expect(last()).not.toBe(first);
    last().open();
    expect(JSON.parse(last().sent[0]!)).toMatchObject({ type: 'authenticate', token: 'renewed' });
    last().receive(AUTHENTICATED);
    expect(c.status).toBe('connected');
    // Refused with the token the session still holds: that one is over, stop.
    last().receive({ type: 'auth_error', message: 'Your session has ended, please log in again' });
    expect(statuses.at(-1)).toEqual(['error', 'Your session has ended, please log in again']);
  });

  it('sends nothing and stops when the session holds no token any more', async () => {
    const session = { token: null as string | null };
    const { c } = client(session);
    c.connect();
    await vi.advanceTimersByTimeAsync(0);
    const socket = last();
    socket.open();
    expect(socket.sent).toEqual([]);
    expect(c.status).toBe('error');
  });

  it('jitters the first reconnection by up to 50%, so a room restart is not met by every client at once', () => {
    expect(jitteredMinDelay(() => 0)).toBe(1000);
    expect(jitteredMinDelay(() => 1)).toBe(1500);
  });
});
