import { useEffect, useMemo, useState } from 'react';
import { KioskCamera } from '#web/kiosk/kiosk-camera.tsx';
import { KioskKeypad } from '#web/kiosk/kiosk-keypad.tsx';
import { KIOSK_MESSAGES } from '#web/kiosk/kiosk-messages.ts';
import { currentSession, openSessions, typedCode } from '#web/kiosk/kiosk-rules.ts';
import { KioskSessions } from '#web/kiosk/kiosk-sessions.tsx';
import { RESULT_SHOWN_MS, useCheckIn } from '#web/kiosk/use-check-in.ts';
import { useCodeEntry } from '#web/kiosk/use-code-entry.ts';
import { useKiosk, type KioskPhase } from '#web/kiosk/use-kiosk.ts';

export type KioskAppProps = { schoolName: string };

const PHASE_NOTES: Record<Exclude<KioskPhase, 'ready'>, string> = {
  starting: KIOSK_MESSAGES.loading,
  'no-token': KIOSK_MESSAGES.noToken,
  'first-load': KIOSK_MESSAGES.firstLoad,
  revoked: KIOSK_MESSAGES.revoked,
};

/** The /kiosk check-in screen (issue 24 §5): QR by camera or scanner, or a PIN, recognised offline from the stored snapshot. */
export default function KioskApp({ schoolName }: KioskAppProps) {
  const kiosk = useKiosk();
  const { phase, snapshot, online, pending, now } = kiosk;
  const [picked, setPicked] = useState<string | null>(null);
  const timeZone = snapshot?.timeZone ?? 'UTC';
  const sessions = useMemo(() => (snapshot ? openSessions(snapshot.sessions, now, timeZone) : []), [snapshot, now, timeZone]);
  const session = currentSession(sessions, picked, now);
  const { result, checkIn, dismiss } = useCheckIn({ snapshot, session, markCheckedIn: kiosk.markCheckedIn, outbox: kiosk.outbox });
  const entry = useCodeEntry((text) => {
    const code = typedCode(text);
    if (code && phase === 'ready') void checkIn(code.value, code.kind === 'pin' ? 'kiosk_pin' : 'kiosk_qr');
  });

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(dismiss, RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [result, dismiss]);

  const ready = phase === 'ready' && !!snapshot;
  return (
    <div className="kiosk" data-ready={phase === 'starting' ? undefined : ''} data-phase={phase}>
      <header className="kiosk-bar">
        <div>
          <h1>{schoolName} check-in</h1>
          {snapshot && <p className="kiosk-device">{snapshot.device.name}</p>}
        </div>
        <p className="kiosk-state">
          <span className={`kiosk-pill ${online ? 'is-online' : 'is-offline'}`}>{online ? 'Online' : 'Offline'}</span>
          <span className="kiosk-pill kiosk-pending" data-pending={pending}>
            {KIOSK_MESSAGES.pending(pending)}
          </span>
        </p>
      </header>
      {ready ? (
        <main className="kiosk-main">
          <KioskSessions sessions={sessions} current={session} timeZone={timeZone} onPick={setPicked} />
          <KioskCamera onCode={(text) => void checkIn(text, 'kiosk_qr')} paused={!!result} />
          <KioskKeypad entry={entry.entry} onDigit={entry.press} onBack={entry.back} onSubmit={entry.submit} />
        </main>
      ) : (
        <main className="kiosk-main kiosk-main-note">
          <p className="kiosk-message">{PHASE_NOTES[phase === 'ready' ? 'starting' : phase]}</p>
        </main>
      )}
      <div className={`kiosk-result${result ? ` is-${result.tone}` : ''}`} aria-live="assertive" aria-atomic="true" onClick={dismiss}>
        {result && (
          <div key={result.seq}>
            <p className="kiosk-result-title">{result.title}</p>
            {result.detail && <p className="kiosk-result-detail">{result.detail}</p>}
          </div>
        )}
      </div>
    </div>
  );
}
