import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { classes } from './schedule.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * One dated occurrence of a class (issue 24 §1): generated 8 weeks ahead from the weekly timetable in the
 * school's zone, or added one-off. Title and location are copied so history survives a deleted class.
 * `bookedCount` / `waitlistCount` are kept by the booking statements themselves (capacity is held by the
 * database, decision 018); `capacity` null = no limit.
 */
export const classSessions = sqliteTable(
  'class_sessions',
  {
    id: text('id').primaryKey(),
    classId: text('class_id').references(() => classes.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['regular', 'one_off'] })
      .notNull()
      .default('regular'),
    title: text('title').notNull(),
    location: text('location'),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    instructorUserId: text('instructor_user_id').references(() => users.id, { onDelete: 'set null' }),
    capacity: integer('capacity'),
    bookedCount: integer('booked_count').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
    status: text('status', { enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    cancelReason: text('cancel_reason'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    // The generator's idempotency: one session per class and start, however often or concurrently it runs.
    uniqueIndex('class_sessions_class_start_uq').on(t.classId, t.startsAt),
    index('class_sessions_starts_idx').on(t.startsAt),
    index('class_sessions_instructor_starts_idx').on(t.instructorUserId, t.startsAt),
    check('class_sessions_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('class_sessions_capacity', sql`${t.capacity} is null or ${t.capacity} >= 0`),
    check(
      'class_sessions_booked_within_capacity',
      sql`${t.bookedCount} >= 0 and (${t.capacity} is null or ${t.bookedCount} <= ${t.capacity})`,
    ),
    check('class_sessions_waitlist_count', sql`${t.waitlistCount} >= 0`),
  ],
);

/**
 * A place in a session (issue 24 §2): booked, waitlisted (in `createdAt` order) or cancelled. A person
 * holds at most one live booking per session; `lateCancel` marks a cancel closer to the start than the
 * school's cutoff. `bookedBy` is who made it (the person, a guardian or staff).
 */
export const sessionBookings = sqliteTable(
  'session_bookings',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['booked', 'waitlisted', 'cancelled'] }).notNull(),
    bookedBy: text('booked_by'),
    lateCancel: integer('late_cancel', { mode: 'boolean' }).notNull().default(false),
    promotedAt: integer('promoted_at', { mode: 'timestamp_ms' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('session_bookings_live_uq')
      .on(t.sessionId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('session_bookings_session_status_created_idx').on(t.sessionId, t.status, t.createdAt),
    index('session_bookings_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export type ClassSessionRow = typeof classSessions.$inferSelect;
export type NewClassSessionRow = typeof classSessions.$inferInsert;
export type SessionBookingRow = typeof sessionBookings.$inferSelect;
