import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type NotificationAction,
  type NotificationType,
} from '#core/notifications/notification-options.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** Spec 3 Notification: one row per recipient, so read and clicked are each user's own. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('system'),
    eventType: text('event_type').notNull().default('custom'),
    priority: text('priority', { enum: NOTIFICATION_PRIORITIES }).notNull().default('normal'),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    actions: text('actions', { mode: 'json' }).$type<NotificationAction[]>().notNull().default([]),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    clicked: integer('clicked', { mode: 'boolean' }).notNull().default(false),
    clickedAt: integer('clicked_at', { mode: 'timestamp_ms' }),
    delivered: integer('delivered', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('notifications_user_read_created_idx').on(t.userId, t.read, t.createdAt)],
);

/** What each user chose to receive; a user without a row gets the defaults (everything in the app and by push). */
export const notificationPreferences = sqliteTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  inApp: integer('in_app', { mode: 'boolean' }).notNull().default(true),
  push: integer('push', { mode: 'boolean' }).notNull().default(true),
  email: integer('email', { mode: 'boolean' }).notNull().default(false),
  mutedTypes: text('muted_types', { mode: 'json' }).$type<NotificationType[]>().notNull().default([]),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
