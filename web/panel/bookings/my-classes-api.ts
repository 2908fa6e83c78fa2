import { BOOKING_CUTOFF_LIMITS } from '#core/bookings/booking-schemas.ts';
import type { BookingView, SessionView } from '#core/bookings/views.ts';
import { api } from '#web/lib/api.ts';
import { myBookings, sessionsBetween } from '#web/lib/bookings-api.ts';
import type { ListPage } from '#web/panel/resource/use-list.ts';

const DAY = 86_400_000;
/** How far ahead "My classes" offers sessions to book. */
export const BOOKABLE_DAYS = 14;

/** `forUserId`: a guardian's child, whose places are read and booked instead of the caller's. */
export type Upcoming = { page: number; forUserId?: string | null };

/** The caller's (or the child's) booked and waitlisted places from now on (the list's read: stable identity). */
export const readMyBookings = async (q: Upcoming, signal: AbortSignal): Promise<ListPage<BookingView>> => ({
  items: await myBookings({}, signal, q.forUserId),
});

/** The sessions of the coming two weeks that are still to come. */
export async function readBookable(_q: Upcoming, signal: AbortSignal): Promise<ListPage<SessionView>> {
  const now = Date.now();
  const sessions = await sessionsBetween(new Date(now).toISOString(), new Date(now + BOOKABLE_DAYS * DAY).toISOString(), signal);
  return { items: sessions.filter((s) => Date.parse(s.startsAt) > now) };
}

/** The school's late-cancel cutoff in minutes (public settings); the default until it answers. */
export async function readCutoff(signal: AbortSignal): Promise<number> {
  const body = await api<{ bookingCancelCutoffMinutes?: number }>('/settings', { signal });
  return body.data?.bookingCancelCutoffMinutes ?? BOOKING_CUTOFF_LIMITS.default;
}
