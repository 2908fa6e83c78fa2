import PartySocket from 'partysocket';
import { ClientFrame, parseServerFrame, type ServerFrame } from '#core/realtime/frames.ts';

/** Spec 4 socket states. */
export type SocketStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'error' | 'failed';

/** Spec 9 socket constants. */
export const SOCKET = {
  connectTimeoutMs: 20_000,
  reconnectMinMs: 1_000,
  reconnectMaxMs: 5_000,
  jitter: 0.5,
  maxAttempts: 5,
  appRetryMaxAttempts: 5,
  appRetryBaseMs: 1_000,
  appRetryMaxMs: 10_000,
} as const;

/** The app-level retry's wait before its attempt n (0-based): 1 s doubling, at most 10 s. */
export const appRetryDelay = (n: number) => Math.min(SOCKET.appRetryBaseMs * 2 ** n, SOCKET.appRetryMaxMs);

/** Spec 8 socket messages. */
export const SOCKET_MESSAGES = {
  failedAfterRetries: 'Connection failed after multiple attempts',
  connectFailed: (reason: string) => `Connection failed: ${reason}`,
  reconnectFailed: (reason: string) => `Reconnection failed: ${reason}`,
  setupFailed: (reason: string) => `Failed to setup connection: ${reason}`,
  noSession: 'Authentication failed',
} as const;

/** The socket's first reconnection delay: 1 s with up to 50% jitter, so a restart is not met by every client at once. */
export const jitteredMinDelay = (random = Math.random) => Math.round(SOCKET.reconnectMinMs * (1 + SOCKET.jitter * random()));

export type RealtimeOptions = {
  host: string;
  userId: string;
  role: string;
  /** The session's token as it is now: read on every (re)connect, since tokens are renewed silently. */
  token: () => string | null;
  onFrame: (frame: ServerFrame) => void;
  onStatus: (status: SocketStatus, message?: string) => void;
  /** Tests pass a fake; the browser's WebSocket otherwise. */
  WebSocket?: unknown;
  random?: () => number;
};

/**
 * The one realtime connection the islands share: partysocket to the user's room, authenticated by the
 * spec's `authenticate` frame sent on every (re)connect with the current token (never in the URL, which
 * servers log). Two layers, as spec 9 has them: the transport reconnects a drop (1–5 s, jittered); when 5 of its
 * attempts in a row never authenticate, the app-level retry closes it, waits (1 s doubling, at most
 * 10 s) and opens a fresh one, 5 times; then it stops with 'Connection failed after multiple attempts'.
 * An auth_error stops it too unless the session holds a newer token than the one refused (the transport
 * then reconnects with it), and `close()` — a deliberate disconnect or
 * logout — never reconnects.
 */
export class RealtimeClient {
  private socket: PartySocket | null = null;
  private failures = 0;
  private appRetries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private everConnected = false;
  private stopped = false;
  /** The token the current socket authenticated (or tried to) with. */
  private sentToken: string | null = null;
  status: SocketStatus = 'disconnected';

  private readonly opts: RealtimeOptions;

  constructor(opts: RealtimeOptions) {
    this.opts = opts;
  }

  connect() {
    if (this.socket) return;
    this.stopped = false;
    this.open();
  }

  private open() {
    this.failures = 0;
    this.set(this.appRetries ? 'reconnecting' : 'connecting');
    try {
      this.socket = new PartySocket({
        host: this.opts.host,
        party: 'user',
        room: this.opts.userId,
        connectionTimeout: SOCKET.connectTimeoutMs,
        minReconnectionDelay: jitteredMinDelay(this.opts.random),
        maxReconnectionDelay: SOCKET.reconnectMaxMs,
        reconnectionDelayGrowFactor: 2,
        ...(this.opts.WebSocket ? { WebSocket: this.opts.WebSocket } : {}),
      });
    } catch (err) {
      this.socket = null;
      return this.set('error', SOCKET_MESSAGES.setupFailed((err as Error).message));
    }
    this.socket.addEventListener('open', () => this.authenticate());
    this.socket.addEventListener('message', (e) => this.onMessage(String(e.data)));
    // partysocket dispatches close for every failed attempt (an error is followed by its close), so
    // counting closes counts each attempt once.
    this.socket.addEventListener('close', (e) => this.onDrop((e as CloseEvent).reason || 'closed'));
  }

  private authenticate() {
    const token = this.opts.token();
    if (!token) return this.stop('error', SOCKET_MESSAGES.noSession);
    this.sentToken = token;
    const frame = ClientFrame.parse({ type: 'authenticate', userId: this.opts.userId, userRole: this.opts.role, token });
    this.socket?.send(JSON.stringify(frame));
  }

  /** A typing frame, checked against the protocol before it leaves. */
  typing(targetId: string, isTyping: boolean) {
    const frame = ClientFrame.safeParse({ type: 'typing', targetId, isTyping });
    if (frame.success && this.status === 'connected') this.socket?.send(JSON.stringify(frame.data));
  }

  /** Deliberate: no reconnection afterwards (logout, page leaving the panel). */
  close() {
    this.stopped = true;
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'client disconnect');
    this.set('disconnected');
  }

  /** Every frame is parsed against the protocol (core/realtime/frames.ts); anything else is dropped. */
  private onMessage(text: string) {
    const frame = parseServerFrame(text);
    if (!frame) return;
    if (frame.type === 'authenticated') {
      this.failures = 0;
      this.appRetries = 0;
      this.everConnected = true;
      this.set('connected');
    } else if (frame.type === 'auth_error') {
      // Refused with an old token while the session has a newer one: the room closes, the transport reconnects with it.
      const current = this.opts.token();
      if (!current || current === this.sentToken) this.stop('error', frame.message || SOCKET_MESSAGES.noSession);
    }
    this.opts.onFrame(frame);
  }

  private onDrop(reason: string) {
    if (this.stopped || !this.socket) return;
    this.failures++;
    const message = this.everConnected ? SOCKET_MESSAGES.reconnectFailed(reason) : SOCKET_MESSAGES.connectFailed(reason);
    if (this.failures < SOCKET.maxAttempts) return this.set('reconnecting', message);
    // The transport gave up this round: the app-level retry opens a fresh one after its delay.
    if (this.appRetries >= SOCKET.appRetryMaxAttempts) return this.stop('failed', SOCKET_MESSAGES.failedAfterRetries);
    const spent = this.socket;
    this.socket = null;
    spent.close(1000, 'retrying');
    this.set('reconnecting', message);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, appRetryDelay(this.appRetries++));
  }

  private clearRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private stop(status: SocketStatus, message: string) {
    this.stopped = true;
    this.clearRetry();
    this.socket?.close(1000, status);
    this.socket = null;
    this.set(status, message);
  }

  private set(status: SocketStatus, message?: string) {
    this.status = status;
    this.opts.onStatus(status, message);
  }
}
