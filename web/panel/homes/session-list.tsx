import { formatDate, formatTime } from '#web/components/format.ts';
import type { Session } from './home-api.ts';
import { Empty } from './home-parts.tsx';

/** Classes of the timetable on their day, start and end on the school's clock. */
export function SessionList({
  sessions,
  empty,
  mark,
}: {
  sessions: readonly (Session & { mine?: boolean })[];
  empty: string;
  mark?: boolean;
}) {
  if (!sessions.length) return <Empty>{empty}</Empty>;
  return (
    <ul className="home-list home-sessions">
      {sessions.map((s) => (
        <li key={s._id + s.startsAt} className={mark && s.mine ? 'home-mine' : undefined}>
          <span>
            <strong>{s.title}</strong>
            {mark && s.mine && <span className="badge">Yours</span>}
          </span>
          <span className="muted">
            {formatDate(s.startsAt)}, {formatTime(s.startsAt)}–{formatTime(s.endsAt)}
            {s.instructorName ? ` · ${s.instructorName}` : ''}
            {s.location ? ` · ${s.location}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
