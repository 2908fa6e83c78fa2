import { availability, type SessionView } from '#core/bookings/views.ts';
import { levelLabel } from '#web/components/format.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';

/** A session's day and time on the school's clock, its title and who teaches where; `places` adds what is left. */
export function SessionLine({ session: s, places = false }: { session: SessionView; places?: boolean }) {
  return (
    <div className="class-line">
      <p className="class-when">
        <SchoolTime iso={s.startsAt} show="date" />, <SchoolTime iso={s.startsAt} show="time" />
        {' – '}
        <SchoolTime iso={s.endsAt} show="time" />
      </p>
      <h4 className="class-title">{s.title}</h4>
      <p className="muted small">
        {[s.level ? levelLabel(s.level) : null, s.instructorName, s.location].filter(Boolean).join(' · ')}
        {places && <span className={s.spotsLeft === 0 || s.status === 'cancelled' ? ' class-full' : ''}> — {availability(s)}</span>}
      </p>
    </div>
  );
}
