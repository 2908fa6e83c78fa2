import PartySocket from 'partysocket';
import { ClientFrame, type ServerFrame } from '#party/protocol.ts';

/** Spec 4 socket states. */
export type SocketStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'error' | 'failed';

/** Spec 9 socket constants. */
export const SOCKET = {
  connectTimeoutMs: 20_000,
  reconnectMinMs: 1_000,
  reconnectMaxMs: 5_000,
  jitter: 0.5,
  maxAttempts: 5,
} as const;

/** Spec 8 socket messages. */
export const SOCKET_MESSAGES = {
  failedAfterRetries: 'Connection failed after multiple attempts',
  connectFailed: (reason: string) => `Connection failed: ${reason}`,
  reconnectFailed: (reason: string) => `Reconnection failed: ${reason}`,
  setupFailed: (reason: string) => `Failed to setup connection: ${reason}`,
} as const;

/** The socket's first reconnection delay: 1 s with up to 50% jitter, so a restart is not met by every client at once. */
export const jitteredMinDelay = (random = Math.random) => Math.round(SOCKET.reconnectMinMs * (1 + SOCKET.jitter * random()));

export type RealtimeOptions = {
  host: string;
  userId: string;
  token: string;
  onFrame: (frame: ServerFrame) => void;
  onStatus: (status: SocketStatus, message?: string) => void;
  /** Tests pass a fake; the browser's WebSocket otherwise. */
  WebSocket?: unknown;
  random?: () => number;
};

/**
 * The one realtime connection the islands share: partysocket to the user's room, authenticated by the
 * token; the transport reconnects on a drop (1–5 s, jittered); after 5 attempts in a row that never
 * authenticate it stops with 'Connection failed after multiple attempts'. An auth_error stops it too
 * (a new token is needed), and `close()` — a deliberate disconnect or logout — never reconnects.
 */
export class RealtimeClient {
  private socket: PartySocket | null = null;
  private failures = 0;
  private everConnected = false;
  private stopped = false;
  status: SocketStatus = 'disconnected';

  private readonly opts: RealtimeOptions;

  constructor(opts: RealtimeOptions) {
    this.opts = opts;
  }

  connect() {
    if (this.socket) return;
    this.stopped = false;
    this.set('connecting');
    try {
      this.socket = new PartySocket({
        host: this.opts.host,
        party: 'user',
        room: this.opts.userId,
        query: { token: this.opts.token },
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
    this.socket.addEventListener('message', (e) => this.onMessage(String(e.data)));
    this.socket.addEventListener('close', () => this.onDrop('closed'));
    this.socket.addEventListener('error', () => this.onDrop('network error'));
  }

  /** A typing frame, checked against the protocol before it leaves. */
  typing(targetId: string, isTyping: boolean) {
    const frame = ClientFrame.safeParse({ type: 'typing', targetId, isTyping });
    if (frame.success && this.status === 'connected') this.socket?.send(JSON.stringify(frame.data));
  }

  /** Deliberate: no reconnection afterwards (logout, page leaving the panel). */
  close() {
    this.stopped = true;
    this.socket?.close(1000, 'client disconnect');
    this.socket = null;
    this.set('disconnected');
  }

  private onMessage(text: string) {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(text) as ServerFrame;
    } catch {
      return;
    }
    if (frame.type === 'authenticated') {
      this.failures = 0;
      this.everConnected = true;
      this.set('connected');
    } else if (frame.type === 'auth_error') {
      this.stop('error', frame.message ?? 'Authentication failed');
    }
    this.opts.onFrame(frame);
  }

  private onDrop(reason: string) {
    if (this.stopped || !this.socket) return;
    this.failures++;
    if (this.failures >= SOCKET.maxAttempts) return this.stop('failed', SOCKET_MESSAGES.failedAfterRetries);
    const message = this.everConnected ? SOCKET_MESSAGES.reconnectFailed(reason) : SOCKET_MESSAGES.connectFailed(reason);
    this.set('reconnecting', message);
  }

  private stop(status: SocketStatus, message: string) {
    this.stopped = true;
    this.socket?.close(1000, status);
    this.socket = null;
    this.set(status, message);
  }

  private set(status: SocketStatus, message?: string) {
    this.status = status;
    this.opts.onStatus(status, message);
  }
}
