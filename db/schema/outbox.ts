import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** Every e-mail the product sends: locally the outbox is the delivery; with a provider it is the log. */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull().default('general'),
    /** Who wrote it and to which account, for e-mails an admin sends to users (admin e-mail). */
    sentBy: text('sent_by'),
    userId: text('user_id'),
    status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
    provider: text('provider').notNull(),
    error: text('error'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_to_idx').on(t.to),
    index('email_outbox_status_created_idx').on(t.status, t.createdAt),
  ],
);
