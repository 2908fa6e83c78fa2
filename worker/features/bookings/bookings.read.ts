import { eq } from 'drizzle-orm';
import { BOOKING_MESSAGES, MY_BOOKINGS_DEFAULT_SPAN_MS, type MyBookingsQueryInput } from '#core/bookings/booking-schemas.ts';
import type { BookingView } from '#core/bookings/views.ts';
import { isAdminCapable } from '#core/roles.ts';
import { profileName } from '#core/users/person-name.ts';
import type { Db } from '#db/client.ts';
import { classSessions } from '#db/schema/index.ts';
import { forbidden, notFound } from '#worker/lib/errors.ts';
import { actingFor } from '#worker/lib/family/guardian.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { serializeSession } from '#worker/lib/sessions/view.ts';
import { myBookingsQuery, sessionBookingsQuery, sessionsBetweenViewsQuery } from './bookings.queries.ts';
import { serializeBooking } from './bookings.serialize.ts';

const MAX_MY_BOOKINGS = 200;

/** GET /api/bookings/my?for=: the caller's (or their child's) booked and waitlisted places, each with its session, in start order. */
export async function listMyBookings(ctx: ServiceCtx, query: MyBookingsQueryInput): Promise<BookingView[]> {
  const { userId } = await actingFor(ctx, query.for);
  const from = query.from?.getTime() ?? Date.now();
  const to = query.to?.getTime() ?? from + MY_BOOKINGS_DEFAULT_SPAN_MS;
  const rows = await myBookingsQuery(ctx.db, userId, from, to, MAX_MY_BOOKINGS);
  return rows.map((r) =>
    serializeBooking({ booking: r.booking!, waitlistPosition: r.myWaitlistPosition }, { session: serializeSession(r) }),
  );
}

/** GET /api/sessions/:id/bookings: everyone in the session, for its instructor and admin-capable staff. */
export async function listSessionBookings(ctx: ServiceCtx, sessionId: string): Promise<BookingView[]> {
  const me = signedIn(ctx);
  const [[session], rows] = await ctx.db.batch([
    ctx.db.select({ instructorUserId: classSessions.instructorUserId }).from(classSessions).where(eq(classSessions.id, sessionId)),
    sessionBookingsQuery(ctx.db, sessionId),
  ]);
  if (!session) throw notFound(BOOKING_MESSAGES.sessionNotFound);
  if (!isAdminCapable(me.role) && session.instructorUserId !== me.id) throw forbidden(BOOKING_MESSAGES.notYours);
  return rows.map((r) => serializeBooking(r, { user: { _id: r.booking.userId, name: profileName(r.name, r.email) } }));
}

/** The timetable page's sessions: everything overlapping [from, to), one statement, for a batch (serialize with `serializeSession`). */
export const upcomingSessionsQuery = (db: Db, fromMs: number, toMs: number) => sessionsBetweenViewsQuery(db, fromMs, toMs, 300);
