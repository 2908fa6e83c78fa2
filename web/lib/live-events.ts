import type { ServerFrame } from '#party/protocol.ts';
import { RealtimeClient, type SocketStatus } from './realtime.ts';

type Listener = (frame: ServerFrame) => void;

let client: RealtimeClient | null = null;
let owner = '';
const listeners = new Set<Listener>();
let status: SocketStatus = 'disconnected';

/**
 * The page's one realtime connection, shared by every island and screen that listens: opened for the
 * signed-in user on the first subscription, closed on logout (closeLiveEvents) — never for a visitor.
 */
export function subscribeLiveEvents(user: { _id: string }, token: string, listener: Listener): () => void {
  listeners.add(listener);
  const who = `${user._id}:${token}`;
  if (!client || owner !== who) {
    client?.close();
    owner = who;
    client = new RealtimeClient({
      host: window.location.host,
      userId: user._id,
      token,
      onFrame: (frame) => listeners.forEach((l) => l(frame)),
      onStatus: (s) => {
        status = s;
      },
    });
    client.connect();
  }
  return () => void listeners.delete(listener);
}

export const liveStatus = () => status;

/** Logout: the socket closes and does not come back. */
export function closeLiveEvents() {
  client?.close();
  client = null;
  owner = '';
  listeners.clear();
}
