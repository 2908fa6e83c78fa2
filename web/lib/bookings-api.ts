import type { BookingView, SessionView } from '#core/bookings/views.ts';
import { api } from './api.ts';

const sessionPath = (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}`;

/** POST /api/sessions/:id/bookings: the caller's own place (booked or waitlisted) and the server's words. */
export async function bookSession(sessionId: string): Promise<{ booking: BookingView; message: string }> {
  const body = await api<{ booking: BookingView }>(`${sessionPath(sessionId)}/bookings`, {
    method: 'POST',
    body: {},
    fallback: 'Booking failed',
  });
  return { booking: body.data!.booking, message: body.message ?? '' };
}

/** DELETE /api/sessions/:id/bookings/me. */
export const cancelMyBooking = (sessionId: string) =>
  api<{ booking: BookingView; promoted: BookingView | null }>(`${sessionPath(sessionId)}/bookings/me`, {
    method: 'DELETE',
    fallback: 'Cancelling failed',
  });

/** GET /api/bookings/my: booked and waitlisted places with their sessions, between `from` and `to`. */
export async function myBookings(range: { from?: string; to?: string } = {}, signal?: AbortSignal): Promise<BookingView[]> {
  const body = await api<BookingView[]>('/bookings/my', { query: range, signal, fallback: 'Failed to fetch your bookings' });
  return body.data ?? [];
}

/** GET /api/sessions (the sessions feature): the sessions of a period, with the caller's own booking on each. */
export async function sessionsBetween(from: string, to: string, signal?: AbortSignal): Promise<SessionView[]> {
  const body = await api<SessionView[]>('/sessions', { query: { from, to, limit: 200 }, signal, fallback: 'Failed to fetch sessions' });
  return body.data ?? [];
}
