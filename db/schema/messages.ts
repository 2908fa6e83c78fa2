import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Spec 3 Message. A user's talk with the school is keyed by `conversationUserId` (the non-school side):
 * `direct` = the user writing to the school (no single recipient: every admin-capable user sees it),
 * `reply` = the school answering that user (`recipientId` = the user), `broadcast` = one row for all
 * its recipients, who are found by `targetRoles` (['all'] or roles) and joined the school before it.
 */
export const messages = sqliteTable(
  'messages',
  {
    id: text('id').primaryKey(),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    recipientId: text('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    conversationUserId: text('conversation_user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['direct', 'reply', 'broadcast'] }).notNull(),
    content: text('content').notNull(),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] })
      .notNull()
      .default('normal'),
    targetRoles: text('target_roles', { mode: 'json' }).$type<string[]>(),
    parentId: text('parent_id').references((): AnySQLiteColumn => messages.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationUserId, t.createdAt),
    index('messages_kind_created_idx').on(t.kind, t.createdAt),
    index('messages_recipient_idx').on(t.recipientId, t.createdAt),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    check('messages_content_length', sql`length(${t.content}) between 1 and 5000`),
    check(
      'messages_kind_shape',
      sql`(${t.kind} = 'broadcast' and ${t.targetRoles} is not null and ${t.conversationUserId} is null)
        or (${t.kind} <> 'broadcast' and ${t.conversationUserId} is not null)`,
    ),
  ],
);

/** Who has read what: one row per reader and message (a broadcast to 1,000 users stays one message row). */
export const messageReads = sqliteTable(
  'message_reads',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: integer('read_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('message_reads_user_idx').on(t.userId)],
);

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
