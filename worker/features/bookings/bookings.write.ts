import { BOOKING_MESSAGES, type BookSessionInput } from '#core/bookings/booking-schemas.ts';
import type { BookingView } from '#core/bookings/views.ts';
import { newId } from '#core/ids.ts';
import { isAdminCapable } from '#core/roles.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { actingFor } from '#worker/lib/family/guardian.ts';
import { badRequest, conflict, forbidden, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { promoteStatement, recountStatement, tellPromoted } from '#worker/lib/sessions/waitlist.ts';
import { batch } from '#worker/lib/sql.ts';
import {
  bookingRefusalQuery,
  bookingsByIdQuery,
  bookingTarget,
  bookStatement,
  cancelRefusalQuery,
  cancelStatement,
  type Canceller,
} from './bookings.queries.ts';
import { serializeBooking } from './bookings.serialize.ts';
import { requireSignedWaiver } from '#worker/lib/waivers/require-waiver.ts';

/**
 * POST /api/sessions/:id/bookings: one batch takes the place (booked or waitlisted, decided by the
 * database), keeps the session's counters and reads back the row with its waitlist position; when
 * nothing was taken, the same batch's last read says why. `forUserId`: a guardian books for their child,
 * whose own membership must allow it.
 */
export async function bookSession(ctx: ServiceCtx, sessionId: string, input: BookSessionInput): Promise<BookingView> {
  const caller = signedIn(ctx);
  const staff = isAdminCapable(caller.role);
  if (input.userId && input.userId !== caller.id && !staff) throw forbidden(BOOKING_MESSAGES.onlySelf);
  const userId = input.userId ?? (await actingFor(ctx, input.forUserId, 'forbidden')).userId;
  await requireSignedWaiver(ctx, userId);
  const id = newId();
  const nowMs = Date.now();
  const statements = [
    bookStatement(ctx.db, { id, sessionId, userId, bookedBy: caller.id, nowMs, anyone: staff }),
    recountStatement(ctx.db, sessionId),
    bookingsByIdQuery(ctx.db, [id]),
    bookingRefusalQuery(ctx.db, sessionId, userId, nowMs),
  ] as const;
  let results;
  try {
    results = await batch(ctx.db, statements);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(BOOKING_MESSAGES.alreadyBooked);
    throw err;
  }
  const [, , [row], [why]] = results;
  if (row) return serializeBooking(row);
  if (!why) throw notFound(BOOKING_MESSAGES.sessionNotFound);
  if (!why.userActive) throw notFound(BOOKING_MESSAGES.userNotFound);
  if (why.status === 'cancelled') throw badRequest(BOOKING_MESSAGES.sessionCancelled);
  if (why.startsAt.getTime() <= nowMs) throw badRequest(BOOKING_MESSAGES.closed);
  if (!why.mayTrain) throw forbidden(BOOKING_MESSAGES.notEligible);
  throw conflict(BOOKING_MESSAGES.closed);
}

export type CancelResult = { booking: BookingView; promoted: BookingView | null };

/**
 * DELETE /api/sessions/:id/bookings/me | /:bookingId: the cancel, the waitlist's promotion into the
 * freed place and the counters in ONE batch, so a second cancel racing it sees the promotion done.
 * The promoted person is told after the response. `{ self }`: the caller's own place, or their child's.
 */
export async function cancelBooking(
  ctx: ServiceCtx,
  sessionId: string,
  target: { self: string | undefined } | { bookingId: string },
): Promise<CancelResult> {
  const caller = signedIn(ctx);
  const by: Canceller =
    'self' in target
      ? { kind: 'self', userId: (await actingFor(ctx, target.self)).userId }
      : { kind: 'staff', userId: caller.id, admin: isAdminCapable(caller.role) };
  const which = bookingTarget(sessionId, 'self' in target ? { userId: by.userId } : target);
  const nowMs = Date.now();
  const [cancelled, promoted, , [why]] = await batch(ctx.db, [
    cancelStatement(ctx.db, sessionId, which, by, nowMs),
    promoteStatement(ctx.db, sessionId, nowMs),
    recountStatement(ctx.db, sessionId),
    cancelRefusalQuery(ctx.db, sessionId, which, by.kind === 'staff' ? caller.id : null),
  ] as const);
  if (promoted.length) tellPromoted(ctx, sessionId, promoted);
  const [row] = cancelled;
  if (row)
    return {
      booking: serializeBooking({ booking: row, waitlistPosition: null }),
      promoted: promoted[0] ? serializeBooking({ booking: promoted[0], waitlistPosition: null }) : null,
    };
  if (!why) throw notFound(BOOKING_MESSAGES.sessionNotFound);
  if (by.kind === 'staff' && !by.admin && !why.instructs) throw forbidden(BOOKING_MESSAGES.notYours);
  if (!why.live) throw notFound(BOOKING_MESSAGES.bookingNotFound);
  if (by.kind === 'self' && why.startsAt.getTime() <= nowMs) throw badRequest(BOOKING_MESSAGES.started);
  throw notFound(BOOKING_MESSAGES.bookingNotFound);
}
