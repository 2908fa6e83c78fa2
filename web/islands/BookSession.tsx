import { useEffect, useRef, useState } from 'react';
import type { BookingView } from '#core/bookings/views.ts';
import { errorMessage } from '#web/lib/api.ts';
import { bookSession, myBookings } from '#web/lib/bookings-api.ts';
import { bookingState } from '#core/bookings/views.ts';
import { storedToken, storedUser } from '#web/lib/session.ts';
import { loginHref } from '#web/pages/public/links.ts';

type Props = { sessionId: string; label: string; full: boolean; startsAt: string };

/** Where a visitor who pressed Book comes back to: this page, this session in view and its button ready. */
export const bookingReturn = (sessionId: string) => `/classes?book=${encodeURIComponent(sessionId)}#session-${sessionId}`;

// One read of the caller's bookings for every Book button on the page.
let mine: Promise<BookingView[]> | null = null;
const readMine = () => (mine ??= myBookings({ to: new Date(Date.now() + 8 * 86_400_000).toISOString() }).catch(() => []));

type State = { kind: 'visitor' } | { kind: 'checking' } | { kind: 'ready'; booking: BookingView | null; learner: boolean };

/**
 * A session's Book button on the public timetable. Before JavaScript and for visitors it is a link to
 * log in that comes back here; signed in, it books through the API and says how it went.
 */
export default function BookSession({ sessionId, label, full, startsAt }: Props) {
  const [state, setState] = useState<State>({ kind: 'visitor' });
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const user = storedUser();
    if (!storedToken() || !user) return;
    const learner = user.role === 'student' || user.role === 'member';
    setState({ kind: 'checking' });
    let live = true;
    void readMine().then((list) => {
      if (!live) return;
      setState({ kind: 'ready', booking: list.find((b) => b.sessionId === sessionId) ?? null, learner });
      if (new URLSearchParams(window.location.search).get('book') === sessionId)
        setNote({ text: 'You are signed in: press the button to confirm.', error: false });
    });
    return () => {
      live = false;
    };
  }, [sessionId]);

  useEffect(() => {
    if (note?.text.startsWith('You are signed in')) button.current?.focus();
  }, [note]);

  const action = full ? 'Join the waitlist' : 'Book';
  if (state.kind === 'visitor')
    return (
      <a className="btn btn-primary btn-sm" href={loginHref(bookingReturn(sessionId))} data-ready="">
        {action}
        <span className="visually-hidden"> {label}</span>
      </a>
    );
  if (state.kind === 'checking') return <span className="muted small">…</span>;

  async function book() {
    setBusy(true);
    setNote(null);
    try {
      const { booking, message } = await bookSession(sessionId);
      setState((s) => ({ kind: 'ready', booking, learner: s.kind === 'ready' && s.learner }));
      setNote({
        text: booking.status === 'waitlisted' ? `${message}: you are #${booking.waitlistPosition}.` : `${message}.`,
        error: false,
      });
    } catch (err) {
      setNote({ text: errorMessage(err), error: true });
    } finally {
      setBusy(false);
    }
  }

  const started = Date.parse(startsAt) <= Date.now();
  return (
    <div className="book-session" data-ready="">
      {state.booking ? (
        <p className="book-state">
          <strong>{bookingState(state.booking)}</strong>
          {state.learner && (
            <>
              {' '}
              <a href="/student/classes">My classes</a>
            </>
          )}
        </p>
      ) : (
        <button type="button" ref={button} className="btn btn-primary btn-sm" onClick={book} disabled={busy || started}>
          {busy ? 'Booking…' : action}
          <span className="visually-hidden"> {label}</span>
        </button>
      )}
      <p className={note?.error ? 'form-error small' : 'form-note small'} role={note?.error ? 'alert' : 'status'}>
        {note?.text}
      </p>
    </div>
  );
}
