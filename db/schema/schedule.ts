import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** The weekly timetable (spec 7 Classes): dayOfWeek 0 = Sunday … 6 = Saturday, times 'HH:MM'. */
export const classes = sqliteTable(
  'classes',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    dayOfWeek: integer('day_of_week').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    instructorName: text('instructor_name'),
    /**
     * The instructor's account (issue 24): its generated sessions are theirs; `instructorName` stays the display name.
     * No foreign key: SQLite cannot add one with ON DELETE to a table in place, and a bare one would block deleting the user.
     */
    instructorUserId: text('instructor_user_id'),
    level: text('level').notNull().default('all'),
    /** The program whose attendance this class counts toward (issue 25); null = every program. */
    programId: text('program_id'),
    location: text('location'),
    ageGroup: text('age_group'),
    capacity: integer('capacity'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('classes_day_start_idx').on(t.dayOfWeek, t.startTime),
    check('classes_day_range', sql`${t.dayOfWeek} between 0 and 6`),
    check('classes_end_after_start', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** Dated happenings (spec 7 Events): tournaments, gradings, seminars, socials … */
export const events = sqliteTable(
  'events',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    location: text('location'),
    category: text('category').notNull().default('other'),
    image: text('image'),
    registrationUrl: text('registration_url'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('events_active_ends_idx').on(t.isActive, t.endsAt),
    index('events_starts_idx').on(t.startsAt),
    check('events_end_after_start', sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

export type ClassRow = typeof classes.$inferSelect;
export type NewClassRow = typeof classes.$inferInsert;
export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
