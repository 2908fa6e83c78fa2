import { and, asc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { BOOKING_CUTOFF_LIMITS } from '#core/bookings/booking-schemas.ts';
import type { Db } from '#db/client.ts';
import { classes, classSessions, SETTINGS_ID, sessionBookings, users } from '#db/schema/index.ts';
import { mayTrainSql } from '#worker/lib/class-eligibility.ts';

/** The database's clock: every writer is serialised, so it orders the waitlist as the rows arrived. */
const DB_NOW = sql`cast(unixepoch('subsecond') * 1000 as integer)`;
const LIVE = ['booked', 'waitlisted'] as const;

/**
 * A booking's place in its session's waitlist (1 = next), null unless waitlisted: arrival order by the
 * database's clock, the rowid breaking ties within one millisecond. Written qualified: Drizzle leaves a
 * single-table select's columns bare, which the subquery would read as its own.
 */
export const waitlistPositionSql = sql<number | null>`case when "session_bookings"."status" = 'waitlisted' then (
  select count(*) from session_bookings w where w.session_id = "session_bookings"."session_id" and w.status = 'waitlisted'
    and (w.created_at < "session_bookings"."created_at" or (w.created_at = "session_bookings"."created_at" and w.rowid <= "session_bookings".rowid))
) end`;

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

/** The session's counters from its rows; the CHECK booked_count <= capacity is the last guard against over-booking. */
export const recountStatement = (db: Db, sessionId: string) =>
  db
    .update(classSessions)
    .set({
      bookedCount: sql`(select count(*) from session_bookings b where b.session_id = ${classSessions.id} and b.status = 'booked')`,
      waitlistCount: sql`(select count(*) from session_bookings b where b.session_id = ${classSessions.id} and b.status = 'waitlisted')`,
    })
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

/**
 * Fills the free places of a scheduled, not yet started session from the head of its waitlist, in
 * order: one place freed by a cancel promotes exactly one person, and a person already promoted is no
 * longer waitlisted, so two cancels racing promote two different people.
 */
export function promoteStatement(db: Db, sessionId: string, nowMs: number) {
  const at = new Date(nowMs);
  return db
    .update(sessionBookings)
    .set({ status: 'booked', promotedAt: at, updatedAt: at })
    .where(
      sql`${sessionBookings.id} in (
        select w.id from session_bookings w join class_sessions s on s.id = w.session_id
        where w.session_id = ${sessionId} and w.status = 'waitlisted' and s.status = 'scheduled' and s.starts_at > ${nowMs}
        order by w.created_at, w.rowid
        limit coalesce((select case when s2.capacity is null then -1 else max(0, s2.capacity - (
          select count(*) from session_bookings b where b.session_id = s2.id and b.status = 'booked')) end
          from class_sessions s2 where s2.id = ${sessionId}), 0)
      )`,
    )
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

const instructor = alias(users, 'instructor');

/** What a session's view needs: the row, its class's level and instructor name, the instructor account's profile. */
export const sessionFields = {
  session: classSessions,
  level: classes.level,
  classInstructorName: classes.instructorName,
  instructorProfile: instructor.profile,
  instructorEmail: instructor.email,
};

/** Sessions overlapping [from, to), in start order (the timetable page and the panel's list). */
export const sessionsBetweenQuery = (db: Db, fromMs: number, toMs: number, limit: number) =>
  db
    .select(sessionFields)
    .from(classSessions)
    .leftJoin(classes, eq(classes.id, classSessions.classId))
    .leftJoin(instructor, eq(instructor.id, classSessions.instructorUserId))
    .where(and(gt(classSessions.endsAt, new Date(fromMs)), lt(classSessions.startsAt, new Date(toMs))))
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id))
    .limit(limit);

export const sessionByIdQuery = (db: Db, sessionId: string) =>
  db
    .select(sessionFields)
    .from(classSessions)
    .leftJoin(classes, eq(classes.id, classSessions.classId))
    .leftJoin(instructor, eq(instructor.id, classSessions.instructorUserId))
    .where(eq(classSessions.id, sessionId));

const bookingFields = { booking: sessionBookings, waitlistPosition: waitlistPositionSql.mapWith((v) => (v === null ? null : Number(v))) };

/** Bookings by id, with their current waitlist position. */
export const bookingsByIdQuery = (db: Db, ids: string[]) =>
  db
    .select(bookingFields)
    .from(sessionBookings)
    .where(inArray(sessionBookings.id, ids.length ? ids : ['']));

/** A person's live bookings of sessions overlapping [from, to), each with its session, in start order. */
export const myBookingsQuery = (db: Db, userId: string, fromMs: number, toMs: number, limit: number) =>
  db
    .select({ ...bookingFields, ...sessionFields })
    .from(sessionBookings)
    .innerJoin(classSessions, eq(classSessions.id, sessionBookings.sessionId))
    .leftJoin(classes, eq(classes.id, classSessions.classId))
    .leftJoin(instructor, eq(instructor.id, classSessions.instructorUserId))
    .where(
      and(
        eq(sessionBookings.userId, userId),
        inArray(sessionBookings.status, LIVE),
        gt(classSessions.endsAt, new Date(fromMs)),
        lt(classSessions.startsAt, new Date(toMs)),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id))
    .limit(limit);

/** A person's live bookings among these sessions (a list's `myBooking`). */
export const liveBookingsAmongQuery = (db: Db, userId: string, sessionIds: string[]) =>
  db
    .select(bookingFields)
    .from(sessionBookings)
    .where(
      and(
        eq(sessionBookings.userId, userId),
        inArray(sessionBookings.status, LIVE),
        inArray(sessionBookings.sessionId, sessionIds.length ? sessionIds : ['']),
      ),
    );

const ORDER_IN_SESSION = sql`case ${sessionBookings.status} when 'booked' then 0 when 'waitlisted' then 1 else 2 end`;

/** Everyone in a session for staff: booked (by arrival), the waitlist in order, then the cancelled. */
export const sessionBookingsQuery = (db: Db, sessionId: string) =>
  db
    .select({ ...bookingFields, name: users.profile, email: users.email })
    .from(sessionBookings)
    .innerJoin(users, eq(users.id, sessionBookings.userId))
    .where(eq(sessionBookings.sessionId, sessionId))
    .orderBy(ORDER_IN_SESSION, asc(sessionBookings.createdAt), sql`${sessionBookings}.rowid`)
    .limit(1000);
