import { formatTime } from '#web/components/format.ts';
import type { KioskSession } from './kiosk-snapshot.ts';

type SessionsProps = { sessions: readonly KioskSession[]; current: KioskSession | null; timeZone: string; onPick: (id: string) => void };

/** Today's classes; the one checked in to is pressed (the soonest or ongoing one unless someone picks another). */
export function KioskSessions({ sessions, current, timeZone, onPick }: SessionsProps) {
  return (
    <section className="kiosk-sessions" aria-labelledby="kiosk-sessions-title">
      <h2 id="kiosk-sessions-title">Checking in to</h2>
      {sessions.length === 0 ? (
        <p className="kiosk-note">No classes today.</p>
      ) : (
        <ul>
          {sessions.map((s) => (
            <li key={s._id}>
              <button type="button" className="kiosk-session" aria-pressed={s._id === current?._id} onClick={() => onPick(s._id)}>
                <span className="kiosk-session-time">
                  {formatTime(s.startsAt, timeZone)} – {formatTime(s.endsAt, timeZone)}
                </span>
                <span className="kiosk-session-title">{s.title}</span>
                {s.location && <span className="kiosk-session-where">{s.location}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
