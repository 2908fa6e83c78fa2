import { useEffect, useMemo, useRef, useState } from 'react';
import type { FrameOf, ServerFrame } from '#core/realtime/frames.ts';
import { sendTyping, subscribeLiveEvents, subscribeLiveStatus } from '#web/lib/live-events.ts';
import { TYPING_TIMEOUT_MS, typingThrottle } from '#web/lib/messages-thread.ts';
import type { SocketStatus } from '#web/lib/realtime.ts';
import { storedToken, type SessionUser } from '#web/lib/session.ts';

/** Calls the latest `onFrame` for every frame of the page's shared realtime connection. */
export function useLiveFrames(user: SessionUser, onFrame: (frame: ServerFrame) => void) {
  const handler = useRef(onFrame);
  handler.current = onFrame;
  useEffect(() => {
    const token = storedToken();
    return token ? subscribeLiveEvents(user, token, (frame) => handler.current(frame)) : undefined;
  }, [user]);
}

/** The socket's state (spec 4) and its spec 8 message. */
export function useLiveStatus() {
  const [state, setState] = useState<{ status: SocketStatus; message?: string | undefined }>({ status: 'connecting' });
  useEffect(() => subscribeLiveStatus((status, message) => setState({ status, message })), []);
  return state;
}

/** Who is typing right now: set by `typing` frames, each cleared 5 s after its last frame. */
export function useTypingPeople() {
  const [typing, setTyping] = useState<string[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);
  function onTyping(t: FrameOf<'typing'>['data']) {
    clearTimeout(timers.current.get(t.userId));
    timers.current.delete(t.userId);
    const stop = () => setTyping((list) => list.filter((id) => id !== t.userId));
    if (!t.isTyping) return stop();
    setTyping((list) => (list.includes(t.userId) ? list : [...list, t.userId]));
    timers.current.set(t.userId, setTimeout(stop, TYPING_TIMEOUT_MS));
  }
  function clear(userId: string) {
    clearTimeout(timers.current.get(userId));
    timers.current.delete(userId);
    setTyping((list) => list.filter((id) => id !== userId));
  }
  return { typing, onTyping, clear };
}

/** A composer's typing handlers: `typing` frames to `targetId` (none while it is ''), throttled, and a stop on leaving. */
export function useTypingSender(targetId: string) {
  const throttle = useMemo(() => typingThrottle((on) => targetId && sendTyping(targetId, on)), [targetId]);
  useEffect(() => () => throttle.stop(), [throttle]);
  return { onTyping: (hasText: boolean) => throttle.input(hasText), onStopTyping: () => throttle.stop() };
}

/** Whether the tab is in front: messages count as read only once they could have been seen. */
export function usePageVisible() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}
