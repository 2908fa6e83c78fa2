import { useEffect, useState } from 'react';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { SchoolTime, useSchoolZone } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { readTodaySessions, type SessionView } from './roster-api.ts';
import { PendingCount, RosterView } from './roster-view.tsx';
import { useRosterOutbox } from './use-roster-outbox.ts';

/** In an instructor's own panel, the classes they teach; in the admin panel, every class of the day. */
const ownPanels: readonly string[] = ['instructor', 'grand-master'];

function SessionCard({
  session: s,
  href,
  waiting,
  showInstructor,
}: {
  session: SessionView;
  href: string;
  waiting: number;
  showInstructor: boolean;
}) {
  const cancelled = s.status === 'cancelled';
  return (
    <li className="card roster-session" data-status={s.status}>
      <PanelLink className="roster-session-link" href={href}>
        <span className="roster-session-time">
          <SchoolTime iso={s.startsAt} show="time" />–<SchoolTime iso={s.endsAt} show="time" />
        </span>
        <strong className="roster-session-title">{s.title}</strong>
      </PanelLink>
      <span className="muted">
        {s.bookedCount} booked{s.capacity !== null ? ` of ${s.capacity}` : ''}
        {s.waitlistCount ? ` · ${s.waitlistCount} waiting` : ''}
        {s.location ? ` · ${s.location}` : ''}
        {showInstructor && s.instructorName ? ` · ${s.instructorName}` : ''}
      </span>
      {cancelled && <span className="badge roster-badge-review">Cancelled</span>}
      {waiting > 0 && <span className="badge">{waiting} pending</span>}
    </li>
  );
}

/** "Today": the day's classes, then one class's roster (`today/<sessionId>`) with one-tap marks that work offline. */
export default function TodayScreen({ user, panel, path, base }: PanelScreenProps) {
  const zone = useSchoolZone();
  const outbox = useRosterOutbox(user);
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  const [error, setError] = useState('');
  const sessionId = path[0] ?? '';
  const instructorId = ownPanels.includes(panel.key) ? user._id : null;

  useEffect(() => {
    if (sessionId) return;
    const ctl = new AbortController();
    readTodaySessions(zone, instructorId, ctl.signal).then(
      (list) => {
        if (ctl.signal.aborted) return;
        setSessions(list);
        setError('');
      },
      (err: unknown) => {
        if (ctl.signal.aborted) return;
        setError(errorMessage(err));
        setSessions((s) => s ?? []);
      },
    );
    return () => ctl.abort();
  }, [zone, instructorId, sessionId]);

  if (sessionId) return <RosterView key={sessionId} sessionId={sessionId} base={base} outbox={outbox} />;
  if (!sessions) return <Loading label="Loading today's classes…" />;
  const waitingFor = (id: string) => outbox.pending.filter((e) => e.sessionId === id).length;
  return (
    <section className="panel-screen roster-today" data-ready="" aria-labelledby="roster-today-title">
      <h1 id="roster-today-title">{instructorId ? "Today's classes" : 'Roster'}</h1>
      <p className="muted">
        <SchoolTime iso={new Date().toISOString()} show="date" />. Open a class to mark who is here: marks are kept on this device first, so
        they work without a connection.
      </p>
      <PendingCount count={outbox.pending.length} />
      <FormAlert message={error} />
      {sessions.length === 0 ? (
        <p className="empty-state">
          {error
            ? "Today's classes could not be loaded. Open this screen once with a connection and it keeps working without one."
            : instructorId
              ? 'You have no classes today.'
              : 'No classes today.'}
        </p>
      ) : (
        <ul className="roster-sessions" aria-label="Today's classes">
          {sessions.map((s) => (
            <SessionCard key={s._id} session={s} href={`${base}/${s._id}`} waiting={waitingFor(s._id)} showInstructor={!instructorId} />
          ))}
        </ul>
      )}
    </section>
  );
}
