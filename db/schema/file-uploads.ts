import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** A file in R2 under the public `file-uploads/` prefix. */
export type StoredFile = {
  key: string;
  filename: string;
  mimeType: string;
  size: number;
  width?: number | null;
  height?: number | null;
};

/** A spreadsheet (Excel or CSV) with images, published by an admin (spec 3 "File upload"). */
export const fileUploads = sqliteTable(
  'file_uploads',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    category: text('category').notNull().default('general'),
    excelFile: text('excel_file', { mode: 'json' }).$type<StoredFile | null>(),
    images: text('images', { mode: 'json' }).$type<StoredFile[]>().notNull().default([]),
    uploadedBy: text('uploaded_by').notNull(),
    isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('file_uploads_published_created_idx').on(t.isPublished, t.createdAt),
    index('file_uploads_uploader_created_idx').on(t.uploadedBy, t.createdAt),
    index('file_uploads_category_created_idx').on(t.category, t.createdAt),
  ],
);

export type FileUploadRow = typeof fileUploads.$inferSelect;
export type NewFileUploadRow = typeof fileUploads.$inferInsert;
