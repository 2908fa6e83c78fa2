import { and, eq, gt, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { BOOKING_CUTOFF_LIMITS } from '#core/bookings/booking-schemas.ts';
import type { Db } from '#db/client.ts';
import { classSessions, SETTINGS_ID, sessionBookings, users } from '#db/schema/index.ts';
import { mayTrainSql } from '#worker/lib/class-eligibility.ts';
import { BOOKING_ARRIVAL_ORDER, SESSION_ORDER, selectSessionViews, waitlistPositionSql } from '#worker/lib/sessions/view.ts';

/** The database's clock: every writer is serialised, so it orders the waitlist as the rows arrived. */
const DB_NOW = sql`cast(unixepoch('subsecond') * 1000 as integer)`;
const LIVE = ['booked', 'waitlisted'] as const;

const activeUserSql = (userId: string) =>
  sql`exists (select 1 from users u where u.id = ${userId} and u.is_active = 1 and u.deactivated_at is null and u.blocked_at is null)`;

/**
 * THE booking: one INSERT … SELECT that takes a place only in a scheduled session that has not started,
 * for an active user who may train (unless staff books), booked while the counter is below capacity,
 * else waitlisted. The live-booking unique index refuses a second one; nothing is inserted otherwise.
 */
export function bookStatement(
  db: Db,
  b: { id: string; sessionId: string; userId: string; bookedBy: string; nowMs: number; anyone: boolean },
) {
  return db
    .insert(sessionBookings)
    .select((qb) =>
      qb
        .select({
          id: sql`${b.id}`.as('id'),
          sessionId: classSessions.id,
          userId: sql`${b.userId}`.as('user_id'),
          status:
            sql`case when ${classSessions.capacity} is null or ${classSessions.bookedCount} < ${classSessions.capacity} then 'booked' else 'waitlisted' end`.as(
              'status',
            ),
          bookedBy: sql`${b.bookedBy}`.as('booked_by'),
          lateCancel: sql`0`.as('late_cancel'),
          promotedAt: sql`null`.as('promoted_at'),
          cancelledAt: sql`null`.as('cancelled_at'),
          createdAt: sql`${DB_NOW}`.as('created_at'),
          updatedAt: sql`${DB_NOW}`.as('updated_at'),
        })
        .from(classSessions)
        .where(
          and(
            eq(classSessions.id, b.sessionId),
            eq(classSessions.status, 'scheduled'),
            gt(classSessions.startsAt, new Date(b.nowMs)),
            activeUserSql(b.userId),
            b.anyone ? undefined : mayTrainSql(b.userId, b.nowMs),
          ),
        ),
    )
    .returning({ id: sessionBookings.id });
}

/** Why a booking was not taken, read in the same batch right after it. */
export const bookingRefusalQuery = (db: Db, sessionId: string, userId: string, nowMs: number) =>
  db
    .select({
      status: classSessions.status,
      startsAt: classSessions.startsAt,
      userActive: sql<number>`${activeUserSql(userId)}`.mapWith(Number),
      mayTrain: sql<number>`${mayTrainSql(userId, nowMs)}`.mapWith(Number),
    })
    .from(classSessions)
    .where(eq(classSessions.id, sessionId));

/** Who may cancel: the person (before the start), or staff (the session's instructor or admin-capable, any time). */
export type Canceller = { kind: 'self'; userId: string } | { kind: 'staff'; userId: string; admin: boolean };

/** Which live booking: the caller's own in the session, or one by id (staff). */
export const bookingTarget = (sessionId: string, target: { userId: string } | { bookingId: string }): SQL =>
  'bookingId' in target
    ? and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.id, target.bookingId))!
    : and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.userId, target.userId))!;

const sessionOf = (column: string) => sql.raw(`(select s.${column} from class_sessions s where s.id = "session_bookings"."session_id")`);

export const instructsSql = (sessionId: string, userId: string) =>
  sql`exists (select 1 from class_sessions s where s.id = ${sessionId} and s.instructor_user_id = ${userId})`;

/** The cancel: a late cancel when a booked place is given up closer to the start than the school's cutoff. */
export function cancelStatement(db: Db, sessionId: string, which: SQL, by: Canceller, nowMs: number) {
  const at = new Date(nowMs);
  const cutoff = sql`coalesce((select booking_cancel_cutoff_minutes from site_settings where id = ${SETTINGS_ID}), ${BOOKING_CUTOFF_LIMITS.default})`;
  const allowed =
    by.kind === 'self' ? sql`${sessionOf('starts_at')} > ${nowMs}` : by.admin ? undefined : instructsSql(sessionId, by.userId);
  return db
    .update(sessionBookings)
    .set({
      status: 'cancelled',
      cancelledAt: at,
      updatedAt: at,
      lateCancel: sql`${sessionBookings.status} = 'booked' and ${nowMs} > ${sessionOf('starts_at')} - 60000 * ${cutoff}`,
    })
    .where(and(which, inArray(sessionBookings.status, LIVE), allowed))
    .returning();
}

/** Why a cancel changed nothing, read in the same batch right after it. */
export const cancelRefusalQuery = (db: Db, sessionId: string, which: SQL, staffId: string | null) =>
  db
    .select({
      startsAt: classSessions.startsAt,
      instructs: staffId ? sql<number>`${classSessions.instructorUserId} = ${staffId}`.mapWith(Number) : sql<number>`0`.mapWith(Number),
      live: sql<number>`exists (select 1 from session_bookings where ${which} and status in ('booked', 'waitlisted'))`.mapWith(Number),
    })
    .from(classSessions)
    .where(eq(classSessions.id, sessionId));

const bookingFields = { booking: sessionBookings, waitlistPosition: waitlistPositionSql() };

/** Bookings by id, with their current waitlist position. */
export const bookingsByIdQuery = (db: Db, ids: string[]) =>
  db
    .select(bookingFields)
    .from(sessionBookings)
    .where(inArray(sessionBookings.id, ids.length ? ids : ['']));

/** A person's live bookings of sessions overlapping [from, to), each its session's view (their booking is its `myBooking`), in start order. */
export const myBookingsQuery = (db: Db, userId: string, fromMs: number, toMs: number, limit: number) =>
  selectSessionViews(db, userId, { booking: sessionBookings })
    .where(and(isNotNull(sessionBookings.id), gt(classSessions.endsAt, new Date(fromMs)), lt(classSessions.startsAt, new Date(toMs))))
    .orderBy(...SESSION_ORDER)
    .limit(limit);

/** Sessions overlapping [from, to), in start order, as nobody in particular sees them (the timetable page). */
export const sessionsBetweenViewsQuery = (db: Db, fromMs: number, toMs: number, limit: number) =>
  selectSessionViews(db, null)
    .where(and(gt(classSessions.endsAt, new Date(fromMs)), lt(classSessions.startsAt, new Date(toMs))))
    .orderBy(...SESSION_ORDER)
    .limit(limit);

const ORDER_IN_SESSION = sql`case ${sessionBookings.status} when 'booked' then 0 when 'waitlisted' then 1 else 2 end`;

/** Everyone in a session for staff: booked (by arrival), the waitlist in order, then the cancelled. */
export const sessionBookingsQuery = (db: Db, sessionId: string) =>
  db
    .select({ ...bookingFields, name: users.profile, email: users.email })
    .from(sessionBookings)
    .innerJoin(users, eq(users.id, sessionBookings.userId))
    .where(eq(sessionBookings.sessionId, sessionId))
    .orderBy(ORDER_IN_SESSION, ...BOOKING_ARRIVAL_ORDER)
    .limit(1000);
