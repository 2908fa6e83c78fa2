import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/sqlite-core';
import type { SessionKind, SessionStatus, SessionView } from '#core/sessions/session-schemas.ts';
import type { Db } from '#db/client.ts';
import { classes, classSessions, sessionBookings, users } from '#db/schema/index.ts';

const instructor = alias(users, 'session_instructor');
const nameOf = (u: typeof instructor) =>
  sql`nullif(trim(coalesce(json_extract(${u.profile}, '$.firstName'), '') || ' ' || coalesce(json_extract(${u.profile}, '$.lastName'), '')), '')`;

/**
 * A booking's place on its session's waitlist (1 = next), null unless waitlisted: arrival order by the
 * database's clock, the rowid breaking ties within one millisecond. Written qualified: Drizzle leaves a
 * single-table select's columns bare, which the subquery would read as its own.
 */
export const waitlistPositionSql = (): SQL<number | null> =>
  sql<number | null>`case when "session_bookings"."status" = 'waitlisted' then (
  select count(*) from session_bookings w where w.session_id = "session_bookings"."session_id" and w.status = 'waitlisted'
    and (w.created_at < "session_bookings"."created_at" or (w.created_at = "session_bookings"."created_at" and w.rowid <= "session_bookings".rowid))
) end`.mapWith((v) => (v === null ? null : Number(v)));

/** The order a session's bookings arrived in, the waitlist's order (`waitlistPositionSql` counts by it). */
export const BOOKING_ARRIVAL_ORDER = [asc(sessionBookings.createdAt), sql`"session_bookings".rowid`];

/**
 * The columns of a session's view: the session, its class's level and display name, the instructor's
 * name (only theirs: the public list names nobody else) and the viewer's own live booking, if any.
 * The class's `instructorName` is shown while the session is taught by the class's own instructor.
 */
export const sessionViewFields = {
  id: classSessions.id,
  classId: classSessions.classId,
  kind: classSessions.kind,
  title: classSessions.title,
  location: classSessions.location,
  level: classes.level,
  startsAt: classSessions.startsAt,
  endsAt: classSessions.endsAt,
  instructorUserId: classSessions.instructorUserId,
  instructorName: sql<
    string | null
  >`case when ${classSessions.instructorUserId} is not null and ${classes.instructorUserId} is not ${classSessions.instructorUserId} then coalesce(${nameOf(instructor)}, ${classes.instructorName}) else coalesce(${classes.instructorName}, ${nameOf(instructor)}) end`,
  capacity: classSessions.capacity,
  bookedCount: classSessions.bookedCount,
  waitlistCount: classSessions.waitlistCount,
  status: classSessions.status,
  cancelReason: classSessions.cancelReason,
  myBookingId: sessionBookings.id,
  myBookingStatus: sessionBookings.status,
  myWaitlistPosition: waitlistPositionSql(),
};

export type SessionViewRow = {
  id: string;
  classId: string | null;
  kind: SessionKind;
  title: string;
  location: string | null;
  level: string | null;
  startsAt: Date;
  endsAt: Date;
  instructorUserId: string | null;
  instructorName: string | null;
  capacity: number | null;
  bookedCount: number;
  waitlistCount: number;
  status: SessionStatus;
  cancelReason: string | null;
  myBookingId: string | null;
  myBookingStatus: string | null;
  myWaitlistPosition: number | null;
};

/**
 * `select <session view> from class_sessions` with its joins; add where/order/limit. `viewerId` is whose
 * booking fills `myBooking` (null: nobody's). Other features (bookings, roster, kiosk) select sessions through it.
 */
export const selectSessionViews = <T extends SelectedFields = Record<never, never>>(db: Db, viewerId: string | null, extra?: T) =>
  db
    .select({ ...sessionViewFields, ...(extra as T) })
    .from(classSessions)
    .leftJoin(classes, eq(classes.id, classSessions.classId))
    .leftJoin(instructor, eq(instructor.id, classSessions.instructorUserId))
    .leftJoin(
      sessionBookings,
      and(
        eq(sessionBookings.sessionId, classSessions.id),
        eq(sessionBookings.userId, viewerId ?? ''),
        ne(sessionBookings.status, 'cancelled'),
      ),
    );

/** The order of every list of sessions: by start, id breaking ties. */
export const SESSION_ORDER = [asc(classSessions.startsAt), asc(classSessions.id)];

/**
 * A page of sessions and the filtered total in ONE statement (the total as a scalar subquery over the
 * same filter; a page past the end therefore answers total 0).
 */
export const sessionListQuery = (db: Db, where: SQL | undefined, viewerId: string | null, limit: number, offset: number) =>
  selectSessionViews(db, viewerId, {
    total: sql<number>`(select count(*) from ${classSessions}${where ? sql` where ${where}` : sql``})`.mapWith(Number),
  })
    .where(where)
    .orderBy(...SESSION_ORDER)
    .limit(limit)
    .offset(offset);

/** One session's view, for a batch. */
export const sessionViewQuery = (db: Db, id: string, viewerId: string | null) =>
  selectSessionViews(db, viewerId).where(eq(classSessions.id, id)).limit(1);

/** Row → the API's Session (API-24 "Serialized shapes"); `spotsLeft` null = no limit. */
export function serializeSession(row: SessionViewRow): SessionView {
  const booked = row.myBookingStatus === 'booked' || row.myBookingStatus === 'waitlisted' ? row.myBookingStatus : null;
  return {
    _id: row.id,
    classId: row.classId,
    kind: row.kind,
    title: row.title,
    location: row.location,
    level: row.level,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    instructorId: row.instructorUserId,
    instructorName: row.instructorName,
    capacity: row.capacity,
    bookedCount: row.bookedCount,
    spotsLeft: row.capacity === null ? null : Math.max(0, row.capacity - row.bookedCount),
    waitlistCount: row.waitlistCount,
    status: row.status,
    cancelReason: row.cancelReason,
    myBooking:
      booked && row.myBookingId
        ? {
            _id: row.myBookingId,
            status: booked,
            waitlistPosition: booked === 'waitlisted' ? Number(row.myWaitlistPosition ?? 0) || null : null,
          }
        : null,
  };
}
