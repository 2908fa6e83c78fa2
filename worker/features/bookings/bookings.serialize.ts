import type { BookingView, SessionView } from '#core/bookings/views.ts';
import { profileName, type NamedProfile } from '#core/users/person-name.ts';
import type { ClassSessionRow, SessionBookingRow } from '#db/schema/index.ts';

export type SessionParts = {
  session: ClassSessionRow;
  level: string | null;
  classInstructorName: string | null;
  instructorProfile: NamedProfile;
  instructorEmail: string | null;
};
export type BookingParts = { booking: SessionBookingRow; waitlistPosition: number | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const myBookingOf = (b: BookingParts | null | undefined): SessionView['myBooking'] =>
  b && b.booking.status !== 'cancelled' ? { _id: b.booking.id, status: b.booking.status, waitlistPosition: b.waitlistPosition } : null;

/**
 * A session as API-24.md shapes it. The sessions feature owns `serializeSession`; this local copy serves
 * the bookings' lists and the timetable page until both land on main (one of them goes at the merge).
 */
export function serializeSessionView(p: SessionParts, mine?: BookingParts | null): SessionView {
  const s = p.session;
  return {
    _id: s.id,
    classId: s.classId,
    kind: s.kind,
    title: s.title,
    location: s.location,
    level: p.level,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    instructorId: s.instructorUserId,
    instructorName: p.classInstructorName || (p.instructorEmail !== null ? profileName(p.instructorProfile, '') || null : null),
    capacity: s.capacity,
    bookedCount: s.bookedCount,
    spotsLeft: s.capacity === null ? null : Math.max(0, s.capacity - s.bookedCount),
    waitlistCount: s.waitlistCount,
    status: s.status,
    cancelReason: s.cancelReason,
    myBooking: myBookingOf(mine),
  };
}

export function serializeBooking(p: BookingParts, extra: Pick<BookingView, 'session' | 'user'> = {}): BookingView {
  const b = p.booking;
  return {
    _id: b.id,
    sessionId: b.sessionId,
    userId: b.userId,
    status: b.status,
    waitlistPosition: b.status === 'waitlisted' ? p.waitlistPosition : null,
    lateCancel: b.lateCancel,
    bookedBy: b.bookedBy,
    createdAt: b.createdAt.toISOString(),
    cancelledAt: iso(b.cancelledAt),
    promotedAt: iso(b.promotedAt),
    ...extra,
  };
}
