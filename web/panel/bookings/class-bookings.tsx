import { useEffect, useState } from 'react';
import { bookingState, isLateCancel, type BookingView, type SessionView } from '#core/bookings/views.ts';
import { errorMessage } from '#web/lib/api.ts';
import { bookSession, cancelMyBooking } from '#web/lib/bookings-api.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { ListMessages, ListResults, ListScreen } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import { BOOKABLE_DAYS, readBookable, readCutoff, readMyBookings, type Upcoming } from './my-classes-api.ts';
import { SessionLine } from './session-line.tsx';

type Props = {
  /** A guardian's child to book for (`forUserId`), with the name the lines use; none for the caller's own places. */
  child?: { _id: string; name: string } | null;
  /** The screen's heading above the two lists. */
  title: string;
};

/**
 * The places booked and waited for (position in line, cancel with a warning when it will count as
 * late), then the coming two weeks' sessions to book: "My classes", and a child's classes on the family screen.
 */
export function ClassBookings({ child = null, title }: Props) {
  const forUserId = child?._id ?? null;
  const [query, setQuery] = useState<Upcoming>({ page: 1, forUserId });
  const [bookableQuery, setBookableQuery] = useState<Upcoming>({ page: 1 });
  const mine = useList({ query, setQuery, read: readMyBookings, empty: { items: [] } });
  const bookable = useList({ query: bookableQuery, setQuery: setBookableQuery, read: readBookable, empty: { items: [] } });
  const [cutoff, setCutoff] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<BookingView | null>(null);
  const [booking, setBooking] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    readCutoff(ctl.signal).then(setCutoff, () => {});
    return () => ctl.abort();
  }, []);

  const refreshBoth = (message: string) => {
    mine.done(message);
    bookable.refresh();
  };

  async function book(s: SessionView) {
    setBooking(s._id);
    try {
      const { booking: b, message } = await bookSession(s._id, forUserId);
      const who = child ? `${child.name} is` : 'you are';
      refreshBoth(b.status === 'waitlisted' ? `${message} for ${s.title}: ${who} #${b.waitlistPosition}.` : `${message}: ${s.title}.`);
    } catch (err) {
      mine.failed(errorMessage(err));
    } finally {
      setBooking('');
    }
  }

  // GET /api/sessions marks the caller's own booking; a child's comes from the child's list above.
  const bookingOn = (s: SessionView) => (child ? (mine.items.find((b) => b.sessionId === s._id) ?? null) : s.myBooking);
  const late =
    cancelling?.session && cancelling.status === 'booked' && isLateCancel(Date.parse(cancelling.session.startsAt), Date.now(), cutoff ?? 0);

  return (
    <ListScreen list={mine} className="my-classes-screen">
      <h2>{title}</h2>
      <ListMessages list={mine} />
      <section aria-labelledby="my-bookings-title">
        <h3 id="my-bookings-title">Booked and waiting</h3>
        <ListResults
          list={mine}
          noun="upcoming classes"
          singular="upcoming class"
          paged={false}
          empty={mine.items.length === 0 && 'No classes booked yet. Pick one below.'}
        >
          <ul className="class-list">
            {mine.items.map((b) =>
              b.session ? (
                <li key={b._id} className="card class-card">
                  <SessionLine session={b.session} />
                  <p className={`class-state state-${b.status}`}>
                    <strong>{bookingState(b)}</strong>
                    {b.session.status === 'cancelled' && (
                      <> — the school cancelled this class{b.session.cancelReason ? `: ${b.session.cancelReason}` : ''}</>
                    )}
                  </p>
                  {Date.parse(b.session.startsAt) > Date.now() && (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setCancelling(b)}>
                      {b.status === 'waitlisted' ? 'Leave the waitlist' : 'Cancel booking'}
                      <span className="visually-hidden">
                        {' '}
                        {b.session.title}, <SchoolTime iso={b.session.startsAt} />
                      </span>
                    </button>
                  )}
                </li>
              ) : null,
            )}
          </ul>
        </ListResults>
      </section>
      <section aria-labelledby="bookable-title" className="bookable">
        <h3 id="bookable-title">
          Book a class{child ? ` for ${child.name}` : ''}: the next {BOOKABLE_DAYS} days
        </h3>
        {bookable.error && (
          <p role="alert" className="form-error">
            {bookable.error}
          </p>
        )}
        <ListResults
          list={bookable}
          noun="classes scheduled"
          singular="class scheduled"
          paged={false}
          empty={bookable.error ? false : undefined}
        >
          <ul className="class-list">
            {bookable.items.map((s) => {
              const placed = bookingOn(s);
              return (
                <li key={s._id} className="card class-card">
                  <SessionLine session={s} places />
                  {placed ? (
                    <p className={`class-state state-${placed.status}`}>
                      <strong>{bookingState(placed)}</strong>
                    </p>
                  ) : s.status === 'scheduled' ? (
                    <button type="button" className="btn btn-primary btn-sm" disabled={booking === s._id} onClick={() => void book(s)}>
                      {booking === s._id ? 'Booking…' : s.spotsLeft === 0 ? 'Join the waitlist' : 'Book'}
                      <span className="visually-hidden">
                        {' '}
                        {s.title}, <SchoolTime iso={s.startsAt} />
                      </span>
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </ListResults>
      </section>
      {cancelling?.session && (
        <ConfirmDialog
          title={
            cancelling.status === 'waitlisted'
              ? `Leave the waitlist for ${cancelling.session.title}?`
              : `Cancel ${cancelling.session.title}?`
          }
          confirmLabel={cancelling.status === 'waitlisted' ? 'Leave the waitlist' : 'Cancel booking'}
          busyLabel="Cancelling…"
          onClose={() => setCancelling(null)}
          onConfirm={async () => {
            const title = cancelling.session?.title ?? 'the class';
            const body = await cancelMyBooking(cancelling.sessionId, forUserId);
            setCancelling(null);
            refreshBoth(body.data?.booking.lateCancel ? `Booking cancelled: ${title} (a late cancel).` : `Booking cancelled: ${title}.`);
          }}
        >
          <p>
            <SchoolTime iso={cancelling.session.startsAt} show="date" />, <SchoolTime iso={cancelling.session.startsAt} show="time" />
          </p>
          {late ? (
            <p className="form-error" role="alert">
              This is a late cancel: the class starts in less than {cutoffText(cutoff ?? 0)}, so it will be recorded as a late cancel.
            </p>
          ) : (
            cancelling.status === 'booked' && <p>{child ? 'The place' : 'Your place'} goes to the next person on the waitlist.</p>
          )}
        </ConfirmDialog>
      )}
    </ListScreen>
  );
}

/** 120 → "2 hours", 90 → "90 minutes". */
function cutoffText(minutes: number) {
  if (minutes % 60 === 0 && minutes >= 60) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
