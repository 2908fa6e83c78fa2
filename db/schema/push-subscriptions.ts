import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Spec 3 Push subscription: one row per browser (the endpoint is the browser's, so it is unique and
 * moves to whoever subscribed last on that browser). Keys are the browser's public ECDH key and auth secret.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expirationTime: integer('expiration_time', { mode: 'timestamp_ms' }),
    userAgent: text('user_agent').notNull().default(''),
    platform: text('platform').notNull().default(''),
    browser: text('browser').notNull().default(''),
    deviceName: text('device_name', { enum: ['Mobile', 'Desktop'] })
      .notNull()
      .default('Desktop'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    /** Last time the browser (re)subscribed: the least recent goes first when a user passes the limit. */
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
    lastSuccessAt: integer('last_success_at', { mode: 'timestamp_ms' }),
    /** Failed deliveries since the last success (a 404/410 removes the row instead). */
    failureCount: integer('failure_count').notNull().default(0),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.updatedAt)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NewPushSubscriptionRow = typeof pushSubscriptions.$inferInsert;
