import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Spec 3 Zoom meeting. `targetRoles` ('all' or roles) and `targetUsers` (user ids) are JSON lists read
 * with json_each for visibility. `zoomMeetingId` is set only when the Zoom adapter made the meeting;
 * otherwise `joinUrl` is the link an admin pasted.
 */
export const meetings = sqliteTable(
  'meetings',
  {
    id: text('id').primaryKey(),
    topic: text('topic').notNull(),
    description: text('description').notNull().default(''),
    startTime: integer('start_time', { mode: 'timestamp_ms' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    timezone: text('timezone').notNull().default('Asia/Kolkata'),
    joinUrl: text('join_url').notNull(),
    password: text('password'),
    hostId: text('host_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['scheduled', 'started', 'ended', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    statusReason: text('status_reason'),
    targetRoles: text('target_roles', { mode: 'json' }).$type<string[]>().notNull().default(['all']),
    targetUsers: text('target_users', { mode: 'json' }).$type<string[]>().notNull().default([]),
    notificationSent: integer('notification_sent', { mode: 'boolean' }).notNull().default(false),
    notificationCount: integer('notification_count').notNull().default(0),
    zoomMeetingId: text('zoom_meeting_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('meetings_start_idx').on(t.startTime), index('meetings_status_start_idx').on(t.status, t.startTime)],
);

/** Who joined which meeting: one row per meeting and user (first join kept, the latest and the count updated). */
export const meetingJoins = sqliteTable(
  'meeting_joins',
  {
    id: text('id').primaryKey(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: integer('joined_at', { mode: 'timestamp_ms' }).notNull().default(now),
    lastJoinedAt: integer('last_joined_at', { mode: 'timestamp_ms' }).notNull().default(now),
    joinCount: integer('join_count').notNull().default(1),
  },
  (t) => [uniqueIndex('meeting_joins_meeting_user_uq').on(t.meetingId, t.userId), index('meeting_joins_user_idx').on(t.userId)],
);

export type MeetingRow = typeof meetings.$inferSelect;
export type NewMeetingRow = typeof meetings.$inferInsert;
export type MeetingJoinRow = typeof meetingJoins.$inferSelect;
