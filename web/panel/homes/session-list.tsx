import type { Session } from './home-api.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';
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
            <SchoolTime iso={s.startsAt} show="date" />, <SchoolTime iso={s.startsAt} show="time" />–
            <SchoolTime iso={s.endsAt} show="time" />
            {s.instructorName ? ` · ${s.instructorName}` : ''}
            {s.location ? ` · ${s.location}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
