import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** Spec 3 Course. Money in integer cents; `image` is an R2 key under courses/. */
export const courses = sqliteTable(
  'courses',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    shortDescription: text('short_description'),
    description: text('description'),
    category: text('category'),
    level: text('level').notNull().default('all'),
    instructorName: text('instructor_name'),
    durationWeeks: integer('duration_weeks'),
    sessionsPerWeek: integer('sessions_per_week'),
    schedule: text('schedule'),
    priceCents: integer('price_cents').notNull().default(0),
    discountPriceCents: integer('discount_price_cents'),
    currency: text('currency').notNull().default('CAD'),
    capacity: integer('capacity'),
    /** GST on an enrolment, in basis points (13% = 1300), like products; the range is the schema's (an ALTER cannot add a CHECK). */
    gstRateBp: integer('gst_rate_bp').notNull().default(0),
    image: text('image'),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    ageGroup: text('age_group'),
    prerequisites: text('prerequisites'),
    highlights: text('highlights', { mode: 'json' }).$type<string[]>().notNull().default([]),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('courses_active_created_idx').on(t.isActive, t.createdAt),
    index('courses_featured_idx').on(t.featured, t.isActive),
    index('courses_category_idx').on(t.category),
    check('courses_price_nonnegative', sql`${t.priceCents} >= 0`),
    check(
      'courses_discount_within_price',
      sql`${t.discountPriceCents} is null or (${t.discountPriceCents} >= 0 and ${t.discountPriceCents} <= ${t.priceCents})`,
    ),
  ],
);

export type CourseRow = typeof courses.$inferSelect;
export type NewCourseRow = typeof courses.$inferInsert;
