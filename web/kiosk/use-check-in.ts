import { useCallback, useRef, useState, type RefObject } from 'react';
import type { AttendanceOutbox } from '#web/lib/attendance-outbox.ts';
import { kioskPinHash } from '#core/kiosk/pin-hash.ts';
import { KIOSK_MESSAGES } from './kiosk-messages.ts';
import { checkInKind, memberByPin, memberByQr } from './kiosk-rules.ts';
import type { KioskSession, KioskSnapshot } from './kiosk-snapshot.ts';

export type CheckInResult = { tone: 'welcome' | 'already' | 'unknown'; title: string; detail?: string; seq: number };

const WRONG_PINS_ALLOWED = 5;
const PIN_LOCK_MS = 30_000;
/** How long a greeting stays before the screen is ready for the next person. */
export const RESULT_SHOWN_MS = 4_000;

type Deps = {
  snapshot: KioskSnapshot | null;
  session: KioskSession | null;
  markCheckedIn: (sessionId: string, userId: string) => Promise<boolean>;
  outbox: RefObject<AttendanceOutbox | null>;
};

/**
 * One scan or PIN: find the member in the snapshot (offline), refuse a second check-in to the same session,
 * else write the event to the outbox first and greet. Five wrong PINs in a row pause the keypad for 30 s.
 */
export function useCheckIn(deps: Deps) {
  const [result, setResult] = useState<CheckInResult | null>(null);
  const latest = useRef(deps);
  latest.current = deps;
  const seq = useRef(0);
  const wrongPins = useRef({ count: 0, until: 0 });
  const busy = useRef(false);

  const show = useCallback((r: Omit<CheckInResult, 'seq'>) => setResult({ ...r, seq: ++seq.current }), []);

  const checkIn = useCallback(
    async (code: string, method: 'kiosk_qr' | 'kiosk_pin') => {
      const { snapshot, session, markCheckedIn, outbox } = latest.current;
      const box = outbox.current;
      if (busy.current || !snapshot || !box) return;
      if (!session) return show({ tone: 'unknown', title: KIOSK_MESSAGES.noSession });
      const now = Date.now();
      if (method === 'kiosk_pin' && wrongPins.current.until > now) return show({ tone: 'unknown', title: KIOSK_MESSAGES.pinLocked });
      busy.current = true;
      try {
        const member = method === 'kiosk_qr' ? await memberByQr(snapshot, code) : await memberByPin(snapshot, code, kioskPinHash);
        if (!member) {
          if (method === 'kiosk_pin' && ++wrongPins.current.count >= WRONG_PINS_ALLOWED)
            wrongPins.current = { count: 0, until: now + PIN_LOCK_MS };
          return show({ tone: 'unknown', title: KIOSK_MESSAGES.unknown });
        }
        if (method === 'kiosk_pin') wrongPins.current.count = 0;
        if (!(await markCheckedIn(session._id, member.userId)))
          return show({ tone: 'already', title: KIOSK_MESSAGES.already, detail: member.name });
        await box.add([
          {
            id: crypto.randomUUID(),
            sessionId: session._id,
            userId: member.userId,
            kind: checkInKind(session, now),
            method,
            recordedAt: new Date(now).toISOString(),
          },
        ]);
        show({
          tone: 'welcome',
          title: KIOSK_MESSAGES.welcome(member.name),
          ...(member.mayTrain ? {} : { detail: KIOSK_MESSAGES.seeDesk }),
        });
      } finally {
        busy.current = false;
      }
    },
    [show],
  );

  const dismiss = useCallback(() => setResult(null), []);
  return { result, checkIn, dismiss };
}
