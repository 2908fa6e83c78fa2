import { z } from 'zod';
import { firstOf, isBlank, isoDateTime } from '#core/fields.ts';
import { forQuery, forUserIdField } from '#core/family/acting-for.ts';

/** The spec's words for booking a class (issue 24 §2, API-24.md). */
export const BOOKING_MESSAGES = {
  booked: 'Booked',
  waitlisted: 'Added to the waitlist',
  cancelled: 'Booking cancelled',
  notEligible: 'An active membership or course enrolment is required to book classes',
  alreadyBooked: 'You have already booked this session',
  sessionNotFound: 'Session not found',
  bookingNotFound: 'Booking not found',
  userNotFound: 'User not found',
  sessionCancelled: 'This session has been cancelled',
  closed: 'Bookings for this session are closed',
  started: 'This session has already started: the booking can no longer be cancelled',
  notYours: 'Only the instructor of this session or an admin may manage its bookings',
  onlySelf: 'You may only book classes for yourself',
  userIdInvalid: 'userId must be a user id',
  rangeTooLong: 'The date range may span at most 92 days',
  toBeforeFrom: 'To date must be after from date',
} as const;

/** The cutoff setting's range: 0 (never late) to a week. */
export const BOOKING_CUTOFF_LIMITS = { min: 0, max: 10_080, default: 120 } as const;
export const BOOKING_CUTOFF_MESSAGE = `Booking cancel cutoff must be a whole number of minutes from ${BOOKING_CUTOFF_LIMITS.min} to ${BOOKING_CUTOFF_LIMITS.max}`;

/** POST /api/sessions/:id/bookings: `userId` only when an admin-capable caller books for someone; `forUserId` a guardian's child. */
export const BookSessionSchema = z
  .object(
    {
      userId: z
        .string({ error: BOOKING_MESSAGES.userIdInvalid })
        .trim()
        .min(1, BOOKING_MESSAGES.userIdInvalid)
        .max(64, BOOKING_MESSAGES.userIdInvalid)
        .optional(),
      forUserId: forUserIdField,
    },
    { error: 'Please send the booking as a JSON object' },
  )
  .default({});
export type BookSessionInput = z.output<typeof BookSessionSchema>;

/** DELETE /api/sessions/:id/bookings/me?for=<childId>: a guardian cancels their child's place. */
export const CancelMyBookingQuery = z.object(forQuery);

const optional = <T extends z.ZodType>(schema: T) =>
  firstOf(z.preprocess((v) => (v === undefined || isBlank(v) ? undefined : v), schema.optional()));

const MAX_RANGE_MS = 92 * 86_400_000;

/** GET /api/bookings/my?from&to: sessions ending after `from` (default now) and starting before `to` (default from + 92 days). */
export const MyBookingsQuery = z
  .object({ from: optional(isoDateTime('From date')), to: optional(isoDateTime('To date')), ...forQuery })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to.getTime() <= q.from.getTime())
      ctx.addIssue({ code: 'custom', path: ['to'], message: BOOKING_MESSAGES.toBeforeFrom });
    else if (q.from && q.to && q.to.getTime() - q.from.getTime() > MAX_RANGE_MS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: BOOKING_MESSAGES.rangeTooLong });
  });
export type MyBookingsQueryInput = z.output<typeof MyBookingsQuery>;
export const MY_BOOKINGS_DEFAULT_SPAN_MS = MAX_RANGE_MS;
