import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** The gallery: an uploaded file in R2 (`object_key`) or an external link, never both. */
export const assets = sqliteTable(
  'assets',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    altText: text('alt_text').notNull().default(''),
    mediaType: text('media_type').notNull(),
    source: text('source').notNull(),
    externalUrlLink: text('external_url_link'),
    objectKey: text('object_key').unique(),
    mimeType: text('mime_type'),
    sizeBytes: integer('size_bytes'),
    width: integer('width'),
    height: integer('height'),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    uploadedBy: text('uploaded_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('assets_created_idx').on(t.createdAt),
    index('assets_type_created_idx').on(t.mediaType, t.createdAt),
    index('assets_featured_created_idx').on(t.featured, t.createdAt),
  ],
);

/** Files attached to another record (an event, a seminar, a post…) by its id: GET/POST /api/media/:ownerId. */
export const media = sqliteTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    mediaType: text('media_type').notNull(),
    objectKey: text('object_key').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    fileName: text('file_name').notNull().default(''),
    altText: text('alt_text').notNull().default(''),
    caption: text('caption').notNull().default(''),
    uploadedBy: text('uploaded_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('media_owner_created_idx').on(t.ownerId, t.createdAt)],
);

export type AssetRow = typeof assets.$inferSelect;
export type NewAssetRow = typeof assets.$inferInsert;
export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;
