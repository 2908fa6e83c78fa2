import { Hono } from 'hono';
import { BOOKING_MESSAGES, BookSessionSchema, CancelMyBookingQuery, MyBookingsQuery } from '#core/bookings/booking-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { listMyBookings, listSessionBookings } from './bookings.read.ts';
import { bookSession, cancelBooking } from './bookings.write.ts';

/** Mounted at /api/sessions beside the sessions feature: a session's bookings. `/me` comes before `/:bookingId`. */
export const sessionBookingsRoutes = new Hono<AppEnv>()
  .post('/:id/bookings', validate('json', BookSessionSchema), async (c) => {
    const booking = await bookSession(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    const message = booking.status === 'booked' ? BOOKING_MESSAGES.booked : BOOKING_MESSAGES.waitlisted;
    return c.json({ success: true, data: { booking }, booking, message }, 201);
  })
  .get('/:id/bookings', async (c) => {
    const bookings = await listSessionBookings(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: bookings, bookings });
  })
  .delete('/:id/bookings/me', validate('query', CancelMyBookingQuery), async (c) => {
    const data = await cancelBooking(c.var.ctx, c.req.param('id'), { self: c.req.valid('query').for });
    return c.json({ success: true, data, message: BOOKING_MESSAGES.cancelled });
  })
  .delete('/:id/bookings/:bookingId', async (c) => {
    const data = await cancelBooking(c.var.ctx, c.req.param('id'), { bookingId: c.req.param('bookingId') });
    return c.json({ success: true, data, message: BOOKING_MESSAGES.cancelled });
  });

/** Mounted at /api/bookings: the caller's own. */
export const bookingsRoutes = new Hono<AppEnv>().get('/my', validate('query', MyBookingsQuery), async (c) => {
  const bookings = await listMyBookings(c.var.ctx, c.req.valid('query'));
  return c.json({ success: true, data: bookings, bookings });
});
