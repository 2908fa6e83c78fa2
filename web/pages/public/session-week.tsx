import type { SessionView } from '#core/bookings/views.ts';
import { formatDate, formatTime, levelLabel, localDay } from '#web/components/format.ts';
import { Island } from '#web/components/island.tsx';
import BookSession from '#web/islands/BookSession.tsx';
import { availability } from '#core/bookings/views.ts';

/** The sessions grouped by their calendar day in the school's zone, in start order. */
export function sessionsByDay(sessions: readonly SessionView[], zone: string) {
  const days = new Map<string, SessionView[]>();
  for (const s of sessions) {
    const day = localDay(s.startsAt, zone);
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  return [...days].map(([day, list]) => ({ day, label: formatDate(list[0]!.startsAt, zone), sessions: list }));
}

/**
 * The coming week's dated sessions, server-rendered: time, class, who teaches, places left (or full, or
 * cancelled) and, for those still open, a Book button (a small island that works as a login link first).
 */
export function SessionWeek({ sessions, zone, now }: { sessions: readonly SessionView[]; zone: string; now: string }) {
  const days = sessionsByDay(sessions, zone);
  const nowMs = Date.parse(now);
  return (
    <section className="session-week" aria-labelledby="session-week-title">
      <h2 id="session-week-title">Book a class: the next 7 days</h2>
      {days.length ? (
        days.map((d) => (
          <div className="session-day" key={d.day}>
            <h3>
              <time dateTime={d.day}>{d.label}</time>
            </h3>
            <ul className="session-list">
              {d.sessions.map((s) => {
                const started = Date.parse(s.startsAt) <= nowMs;
                const open = s.status === 'scheduled' && !started;
                const when = `${formatTime(s.startsAt, zone)} – ${formatTime(s.endsAt, zone)}`;
                return (
                  <li key={s._id} id={`session-${s._id}`} className={`session-row${s.status === 'cancelled' ? ' is-cancelled' : ''}`}>
                    <p className="session-time">
                      <time dateTime={s.startsAt}>{formatTime(s.startsAt, zone)}</time>
                      <span aria-hidden="true">–</span>
                      <span className="visually-hidden"> to </span>
                      <time dateTime={s.endsAt}>{formatTime(s.endsAt, zone)}</time>
                    </p>
                    <div className="session-what">
                      <strong>{s.title}</strong>
                      <span className="tt-meta">
                        {[s.level ? levelLabel(s.level) : null, s.instructorName, s.location].filter(Boolean).join(' · ')}
                      </span>
                    </div>
                    <p className={`session-places${s.spotsLeft === 0 ? ' is-full' : ''}`}>
                      {started && s.status === 'scheduled' ? 'Started' : availability(s)}
                      {s.status === 'cancelled' && s.cancelReason && <span className="tt-meta">{s.cancelReason}</span>}
                    </p>
                    <div className="session-action">
                      {open && (
                        <Island
                          name="BookSession"
                          component={BookSession}
                          props={{
                            sessionId: s._id,
                            label: `${s.title}, ${d.label}, ${when}`,
                            full: s.spotsLeft === 0,
                            startsAt: s.startsAt,
                          }}
                        />
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        ))
      ) : (
        <p className="muted">No classes are scheduled for the next 7 days yet.</p>
      )}
    </section>
  );
}
