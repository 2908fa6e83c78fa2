import type { SessionView } from '#core/sessions/session-schemas.ts';

/** The API's session: the sessions' one type, re-exported for the bookings' screens. */
export type { SessionView };

export type BookingStatus = 'booked' | 'waitlisted' | 'cancelled';

/** A place in a session (API-24.md "Booking"); lists carry the session, the staff list the person. */
export type BookingView = {
  _id: string;
  sessionId: string;
  userId: string;
  status: BookingStatus;
  /** 1 = next in line; null unless waitlisted. */
  waitlistPosition: number | null;
  lateCancel: boolean;
  bookedBy: string | null;
  createdAt: string;
  cancelledAt: string | null;
  promotedAt: string | null;
  session?: SessionView;
  user?: { _id: string; name: string };
};

/** A cancel closer to the start than the school's cutoff counts as late (booked places only). */
export const isLateCancel = (startsAtMs: number, nowMs: number, cutoffMinutes: number) => nowMs > startsAtMs - cutoffMinutes * 60_000;

/** "3 places left", "Full — join the waitlist", …: a session's availability in words. */
export function availability(s: Pick<SessionView, 'status' | 'spotsLeft' | 'waitlistCount'>): string {
  if (s.status === 'cancelled') return 'Cancelled';
  if (s.spotsLeft === null) return 'Places available';
  if (s.spotsLeft > 0) return `${s.spotsLeft} place${s.spotsLeft === 1 ? '' : 's'} left`;
  return s.waitlistCount ? `Full — join the waitlist (${s.waitlistCount} waiting)` : 'Full — join the waitlist';
}

/** A booking's state in words: "Booked" or "On the waitlist (#2)". */
export const bookingState = (b: { status: string; waitlistPosition: number | null }) =>
  b.status === 'booked' ? 'Booked' : b.status === 'waitlisted' ? `On the waitlist (#${b.waitlistPosition ?? '?'})` : 'Cancelled';
