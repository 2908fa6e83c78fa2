import type { BookingView, SessionView } from '#core/bookings/views.ts';
import { api } from './api.ts';
import { signWaiverFirst } from './waiver-gate.ts';

const sessionPath = (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}`;

/** POST /api/sessions/:id/bookings: the caller's own place, or a child's with `forUserId` (booked or waitlisted), and the server's words. */
export async function bookSession(sessionId: string, forUserId?: string | null): Promise<{ booking: BookingView; message: string }> {
  const body = await signWaiverFirst(
    api<{ booking: BookingView }>(`${sessionPath(sessionId)}/bookings`, {
      method: 'POST',
      body: forUserId ? { forUserId } : {},
      fallback: 'Booking failed',
    }),
    forUserId,
  );
  return { booking: body.data!.booking, message: body.message ?? '' };
}

/** DELETE /api/sessions/:id/bookings/me (`?for=` a child's). */
export const cancelMyBooking = (sessionId: string, forUserId?: string | null) =>
  api<{ booking: BookingView; promoted: BookingView | null }>(`${sessionPath(sessionId)}/bookings/me`, {
    method: 'DELETE',
    query: { for: forUserId },
    fallback: 'Cancelling failed',
  });

/** GET /api/bookings/my (`?for=` a child's): booked and waitlisted places with their sessions, between `from` and `to`. */
export async function myBookings(
  range: { from?: string; to?: string } = {},
  signal?: AbortSignal,
  forUserId?: string | null,
): Promise<BookingView[]> {
  const body = await api<BookingView[]>('/bookings/my', {
    query: { ...range, for: forUserId },
    signal,
    fallback: 'Failed to fetch your bookings',
  });
  return body.data ?? [];
}

/** GET /api/sessions (the sessions feature): the sessions of a period, with the caller's own booking on each. */
export async function sessionsBetween(from: string, to: string, signal?: AbortSignal): Promise<SessionView[]> {
  const body = await api<SessionView[]>('/sessions', { query: { from, to, limit: 200 }, signal, fallback: 'Failed to fetch sessions' });
  return body.data ?? [];
}
