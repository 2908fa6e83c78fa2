import type { ServerFrame } from '#core/realtime/frames.ts';
import { RealtimeClient, type SocketStatus } from './realtime.ts';
import { storedToken } from './session.ts';
import { explainEndedSession, sessionEndedFrame } from './session-ended.ts';

type Listener = (frame: ServerFrame) => void;
type StatusListener = (status: SocketStatus, message?: string) => void;

let client: RealtimeClient | null = null;
let owner = '';
const listeners = new Set<Listener>();
const statusListeners = new Set<StatusListener>();
let status: SocketStatus = 'disconnected';
let statusMessage: string | undefined;

/**
 * The page's one realtime connection, shared by every island and screen that listens: opened for the
 * signed-in user on the first subscription, closed on logout (closeLiveEvents) — never for a visitor.
 * Each (re)connect authenticates with the token the session holds then, so a silently renewed token
 * is used without reopening; `token` stands in only where the browser keeps no stored copy.
 */
export function subscribeLiveEvents(user: { _id: string; role: string }, token: string, listener: Listener): () => void {
  listeners.add(listener);
  if (!client || owner !== user._id) {
    client?.close();
    owner = user._id;
    client = new RealtimeClient({
      host: window.location.host,
      userId: user._id,
      role: user.role,
      token: () => storedToken() ?? token,
      onFrame: (frame) => {
        // The school ended the session: every page of the user says why, whichever screen is open.
        if (frame.type === 'session_ended') void sessionEndedFrame(frame.data.message);
        else if (frame.type === 'auth_error') void explainEndedSession();
        listeners.forEach((l) => l(frame));
      },
      onStatus: (s, message) => {
        status = s;
        statusMessage = message;
        statusListeners.forEach((l) => l(s, message));
      },
    });
    client.connect();
  }
  return () => void listeners.delete(listener);
}

export const liveStatus = () => status;

/** Follows the connection's state (spec 4) and its spec 8 message; called at once with the current one. */
export function subscribeLiveStatus(listener: StatusListener): () => void {
  statusListeners.add(listener);
  listener(status, statusMessage);
  return () => void statusListeners.delete(listener);
}

/** Tells the other side this user is (or stopped) typing to `targetId`; dropped while not connected. */
export function sendTyping(targetId: string, isTyping: boolean) {
  client?.typing(targetId, isTyping);
}

/** Logout: the socket closes and does not come back. */
export function closeLiveEvents() {
  client?.close();
  client = null;
  owner = '';
  listeners.clear();
  statusListeners.clear();
}
