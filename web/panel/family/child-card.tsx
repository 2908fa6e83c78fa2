import { useEffect, useState } from 'react';
import type { BookingView } from '#core/bookings/views.ts';
import { ENROLLMENT_STATUS_LABELS } from '#core/enrollments/enrollment-status.ts';
import { CalendarDay, SchoolTime } from '#web/components/school-zone.tsx';
import { myBookings } from '#web/lib/bookings-api.ts';
import type { FamilyMember } from '#web/lib/family-api.ts';
import { PanelLink } from '#web/panel/router.tsx';

const NEXT = 3;

/** A child's next places (booked or waitlisted), read with the guardian's `?for=`. */
function useNextBookings(childId: string) {
  const [items, setItems] = useState<BookingView[] | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    const ctl = new AbortController();
    myBookings({ from: new Date().toISOString() }, ctl.signal, childId).then(
      (list) => setItems(list.filter((b) => b.session && b.session.status !== 'cancelled').slice(0, NEXT)),
      () => !ctl.signal.aborted && setError(true),
    );
    return () => ctl.abort();
  }, [childId]);
  return { items, error };
}

const statusLabel = (status: string) => ENROLLMENT_STATUS_LABELS[status as keyof typeof ENROLLMENT_STATUS_LABELS] ?? status;

/** One child on the family screen: who, membership and next due date, next classes, and what the guardian can do. */
export function ChildCard({ child, base }: { child: FamilyMember; base: string }) {
  const next = useNextBookings(child._id);
  const m = child.membership;
  const titleId = `child-${child._id}-name`;
  const href = (tail = '') => `${base}/${encodeURIComponent(child._id)}${tail}`;
  return (
    <li className="card child-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="child-name">
        {child.name}
      </h3>
      <dl className="child-facts">
        <div>
          <dt>Age</dt>
          <dd>
            {child.age ?? '—'}
            {child.dateOfBirth && (
              <span className="muted">
                {' '}
                (born <CalendarDay day={child.dateOfBirth} />)
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>Grade or belt</dt>
          <dd>{child.grade || '—'}</dd>
        </div>
        <div>
          <dt>Membership</dt>
          <dd>
            {m ? (
              <>
                {m.name}: <strong>{statusLabel(m.status)}</strong>
                {m.endsAt && (
                  <>
                    {' '}
                    · next due <SchoolTime iso={m.endsAt} show="date" />
                    {m.autopay ? ' (autopay)' : ''}
                  </>
                )}
              </>
            ) : (
              'None'
            )}
          </dd>
        </div>
        <div>
          <dt>Login</dt>
          <dd>{child.canSignIn ? (child.email ?? 'Own login') : 'No login of their own'}</dd>
        </div>
      </dl>
      <div className="child-next">
        <h4>Next classes</h4>
        {next.error ? (
          <p className="muted small">Could not read the bookings.</p>
        ) : next.items === null ? (
          <p className="muted small">Loading…</p>
        ) : next.items.length === 0 ? (
          <p className="muted small">No classes booked.</p>
        ) : (
          <ul className="child-bookings">
            {next.items.map((b) => (
              <li key={b._id}>
                <SchoolTime iso={b.session!.startsAt} show="dateTime" /> — {b.session!.title}
                {b.status === 'waitlisted' ? ` (waitlist #${b.waitlistPosition})` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="btn-row child-actions">
        <PanelLink className="btn btn-primary btn-sm" href={href()}>
          Book a class<span className="visually-hidden"> for {child.name}</span>
        </PanelLink>
        <PanelLink className="btn btn-secondary btn-sm" href={href('/attendance')}>
          Attendance<span className="visually-hidden"> of {child.name}</span>
        </PanelLink>
        <a className="btn btn-secondary btn-sm" href={`/student/progress?for=${encodeURIComponent(child._id)}`}>
          Progress<span className="visually-hidden"> of {child.name}</span>
        </a>
        <PanelLink className="btn btn-secondary btn-sm" href={href('/edit')}>
          Edit<span className="visually-hidden"> {child.name}</span>
        </PanelLink>
        {!child.canSignIn && (
          <PanelLink className="btn btn-secondary btn-sm" href={href('/login')}>
            Give a login<span className="visually-hidden"> to {child.name}</span>
          </PanelLink>
        )}
      </div>
    </li>
  );
}
