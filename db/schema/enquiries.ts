import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** Contact-form enquiries. Honeypot hits are kept with is_spam = 1 (out of every list by default), never dropped. */
export const enquiries = sqliteTable(
  'enquiries',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['New', 'Contacted', 'Resolved'] })
      .notNull()
      .default('New'),
    adminNotes: text('admin_notes').notNull().default(''),
    isSpam: integer('is_spam', { mode: 'boolean' }).notNull().default(false),
    contactedAt: integer('contacted_at', { mode: 'timestamp_ms' }),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('enquiries_spam_created_idx').on(t.isSpam, t.createdAt),
    index('enquiries_spam_status_created_idx').on(t.isSpam, t.status, t.createdAt),
  ],
);

export type EnquiryRow = typeof enquiries.$inferSelect;
export type NewEnquiryRow = typeof enquiries.$inferInsert;
