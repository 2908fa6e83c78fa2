import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const testimonials = sqliteTable(
  'testimonials',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    quote: text('quote').notNull(),
    rating: integer('rating'),
    photoKey: text('photo_key').unique(),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('testimonials_active_created_idx').on(t.isActive, t.createdAt), index('testimonials_featured_idx').on(t.featured)],
);

/** Partner schools and federations (the spec's "allience" calls). */
export const alliances = sqliteTable(
  'alliances',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    website: text('website'),
    country: text('country').notNull().default(''),
    logoKey: text('logo_key').unique(),
    logoWidth: integer('logo_width'),
    logoHeight: integer('logo_height'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('alliances_active_name_idx').on(t.isActive, t.name), index('alliances_created_idx').on(t.createdAt)],
);

export type TestimonialRow = typeof testimonials.$inferSelect;
export type NewTestimonialRow = typeof testimonials.$inferInsert;
export type AllianceRow = typeof alliances.$inferSelect;
export type NewAllianceRow = typeof alliances.$inferInsert;
