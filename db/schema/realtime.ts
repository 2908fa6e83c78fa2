import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * How many authenticated sockets each user's room holds, written by the room itself on every
 * authentication and close. Publishing asks this table first, so an event for 1,000 users wakes only
 * the rooms of those online. A room lost without its close events leaves a stale count: that costs an
 * empty delivery until the user's next socket rewrites it, never a missed event.
 */
export const socketPresence = sqliteTable('socket_presence', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sockets: integer('sockets').notNull().default(0),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`),
});
