import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** The school's organizational chart images (about page); `image_key` is the R2 object. */
export const organizationalCharts = sqliteTable(
  'organizational_charts',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    alt: text('alt').notNull(),
    description: text('description').notNull().default(''),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    imageKey: text('image_key').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdBy: text('created_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('charts_featured_created_idx').on(t.featured, t.createdAt)],
);

export type ChartRow = typeof organizationalCharts.$inferSelect;
export type NewChartRow = typeof organizationalCharts.$inferInsert;
