import type { BookingView } from '#core/bookings/views.ts';
import type { SessionBookingRow } from '#db/schema/index.ts';

export type BookingParts = { booking: SessionBookingRow; waitlistPosition: number | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
