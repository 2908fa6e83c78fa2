import { useCallback, useEffect, useRef, useState } from 'react';
import { attendanceOutbox, startAttendanceSync, type AttendanceOutbox } from '#web/lib/attendance-outbox.ts';
import { fetchSnapshot, isRevoked } from './kiosk-api.ts';
import { nextRefreshAt } from './kiosk-rules.ts';
import type { KioskSnapshot } from './kiosk-snapshot.ts';
import {
  forgetKiosk,
  keepSessions,
  loadCheckedIn,
  loadSnapshot,
  loadToken,
  saveCheckedIn,
  saveSnapshot,
  saveToken,
  tokenFromHash,
  type CheckedIn,
} from './kiosk-store.ts';

export type KioskPhase = 'starting' | 'no-token' | 'first-load' | 'ready' | 'revoked';

const TICK_MS = 15_000;

/**
 * The kiosk's data: its token (taken from the address once, then from the local database), today's
 * snapshot (fetched when online, kept for offline), who it checked in, its outbox and the pending count.
 */
export function useKiosk() {
  const [phase, setPhase] = useState<KioskPhase>('starting');
  const [snapshot, setSnapshot] = useState<KioskSnapshot | null>(null);
  const [checkedIn, setCheckedIn] = useState<CheckedIn>({});
  const [online, setOnline] = useState(true);
  const [pending, setPending] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const token = useRef<string | null>(null);
  const snapshotRef = useRef<KioskSnapshot | null>(null);
  const checkedInRef = useRef<CheckedIn>({});
  const outbox = useRef<AttendanceOutbox | null>(null);
  const due = useRef(0);

  const keepCheckedIn = useCallback(async (next: CheckedIn) => {
    checkedInRef.current = next;
    setCheckedIn(next);
    await saveCheckedIn(next);
  }, []);

  const refresh = useCallback(async () => {
    const current = token.current;
    if (!current) return;
    due.current = Date.now() + TICK_MS;
    try {
      const fresh = await fetchSnapshot(current);
      if (token.current !== current) return;
      await saveSnapshot(fresh);
      snapshotRef.current = fresh;
      setSnapshot(fresh);
      setPhase('ready');
      await keepCheckedIn(
        keepSessions(
          checkedInRef.current,
          fresh.sessions.map((s) => s._id),
        ),
      );
    } catch (err) {
      if (isRevoked(err)) {
        token.current = null;
        snapshotRef.current = null;
        await forgetKiosk();
        setSnapshot(null);
        setPhase('revoked');
        return;
      }
      // No network or a busy server: the stored snapshot keeps serving.
      setPhase(snapshotRef.current ? 'ready' : 'first-load');
    } finally {
      if (snapshotRef.current) due.current = nextRefreshAt(Date.now(), snapshotRef.current.timeZone);
    }
  }, [keepCheckedIn]);

  useEffect(() => {
    let live = true;
    void (async () => {
      const fromLink = tokenFromHash(location.hash);
      if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
      const stored = await loadToken();
      if (fromLink && fromLink !== stored) {
        await forgetKiosk();
        await saveToken(fromLink);
      }
      token.current = fromLink ?? stored;
      if (!live) return;
      if (!token.current) return setPhase('no-token');
      const [kept, done] = await Promise.all([fromLink && fromLink !== stored ? null : loadSnapshot(), loadCheckedIn()]);
      if (!live) return;
      checkedInRef.current = done;
      setCheckedIn(done);
      if (kept) {
        snapshotRef.current = kept;
        setSnapshot(kept);
        setPhase('ready');
      }
      await refresh();
    })();
    return () => {
      live = false;
    };
  }, [refresh]);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    const back = () => {
      update();
      void refresh();
    };
    update();
    addEventListener('online', back);
    addEventListener('offline', update);
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => {
      removeEventListener('online', back);
      removeEventListener('offline', update);
      clearInterval(timer);
    };
  }, [refresh]);

  useEffect(() => {
    if (token.current && due.current && now >= due.current && navigator.onLine) void refresh();
  }, [now, refresh]);

  const deviceId = snapshot?.device._id;
  useEffect(() => {
    if (!deviceId) return;
    const box = attendanceOutbox(`kiosk:${deviceId}`, { token: () => token.current });
    outbox.current = box;
    const unsubscribe = box.subscribe((count, last) => {
      setPending(count);
      // Check-ins refused with 401: the kiosk was revoked; the snapshot's answer confirms it and says so.
      if (last?.refused?.some((r) => r.status === 401)) void refresh();
    });
    const stop = startAttendanceSync(box);
    return () => {
      unsubscribe();
      stop();
      if (outbox.current === box) outbox.current = null;
    };
  }, [deviceId, refresh]);

  /** Notes a check-in on this kiosk; false when the member was already checked in to that session here. */
  const markCheckedIn = useCallback(
    async (sessionId: string, userId: string) => {
      const done = checkedInRef.current[sessionId] ?? [];
      if (done.includes(userId)) return false;
      await keepCheckedIn({ ...checkedInRef.current, [sessionId]: [...done, userId] });
      return true;
    },
    [keepCheckedIn],
  );

  return { phase, snapshot, checkedIn, markCheckedIn, online, pending, now, outbox };
}
