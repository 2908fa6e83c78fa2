import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  attendanceOutbox,
  attendanceOwner,
  newEventId,
  type FlushResult,
  type PendingEvent,
  type Rejection,
} from '#web/lib/attendance-outbox.ts';
import type { RosterStatus } from './roster-api.ts';
import type { Tap } from './roster-marks.ts';

export type Mark = RosterStatus;

/**
 * The screen's side of the attendance outbox (PanelApp runs its sync): the taps still waiting, those
 * sent since the roster was last read (shown until a new read has them, so a row never flickers back),
 * the last flush's result, the rejected events until dismissed, and `mark`, which writes a tap to the local database before anything else.
 */
export function useRosterOutbox(user: { _id: string }) {
  const owner = attendanceOwner(user);
  const box = useMemo(() => attendanceOutbox(owner), [owner]);
  const [pending, setPending] = useState<PendingEvent[]>([]);
  const [sent, setSent] = useState<PendingEvent[]>([]);
  const [last, setLast] = useState<FlushResult | null>(null);
  const [rejected, setRejected] = useState<Rejection[]>([]);
  const waiting = useRef<PendingEvent[]>([]);

  useEffect(
    () =>
      box.subscribe((_count, result) => {
        void box.pending().then((now) => {
          const still = new Set(now.map((e) => e.id));
          const rejected = new Set(result?.rejected.map((r) => r.id));
          const gone = waiting.current.filter((e) => !still.has(e.id) && !rejected.has(e.id));
          waiting.current = now;
          setPending(now);
          if (gone.length) setSent((s) => [...s, ...gone]);
          if (result) setLast(result);
          if (result?.rejected.length) setRejected((list) => [...list, ...result.rejected]);
        });
      }),
    [box],
  );

  const mark = useCallback(
    (sessionId: string, userId: string, kind: Mark) =>
      box.add([{ id: newEventId(), sessionId, userId, kind, method: 'roster', recordedAt: new Date().toISOString() }]),
    [box],
  );

  /** A roster read that began after these were sent has them: stop laying them over it. */
  const forgetSent = useCallback((events: readonly PendingEvent[]) => {
    const done = new Set(events.map((e) => e.id));
    setSent((s) => s.filter((e) => !done.has(e.id)));
  }, []);

  const taps: Tap[] = useMemo(
    () => [...sent.map((event) => ({ event, waiting: false })), ...pending.map((event) => ({ event, waiting: true }))],
    [sent, pending],
  );

  const dismissRejected = useCallback(() => setRejected([]), []);

  /** Gives up marks the server keeps refusing (never shown as sent), then sends what is left. */
  const discard = useCallback(
    async (ids: readonly string[]) => {
      const drop = new Set(ids);
      waiting.current = waiting.current.filter((e) => !drop.has(e.id));
      await box.discard(ids);
      await box.flush();
    },
    [box],
  );

  return { pending, sent, taps, last, rejected, dismissRejected, mark, forgetSent, discard };
}
