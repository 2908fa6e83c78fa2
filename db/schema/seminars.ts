import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** Seminars led by guest masters (spec 7 Seminars); `image` is an R2 key under seminars/. */
export const seminars = sqliteTable(
  'seminars',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    instructor: text('instructor'),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    location: text('location'),
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('CAD'),
    capacity: integer('capacity'),
    image: text('image'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('seminars_active_ends_idx').on(t.isActive, t.endsAt),
    index('seminars_starts_idx').on(t.startsAt),
    check('seminars_end_after_start', sql`${t.endsAt} >= ${t.startsAt}`),
    check('seminars_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

export type SeminarRow = typeof seminars.$inferSelect;
export type NewSeminarRow = typeof seminars.$inferInsert;
