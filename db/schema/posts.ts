import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** The blog. `body` is plain text / markdown, stored as written and escaped when rendered. */
export const posts = sqliteTable(
  'posts',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull().default(''),
    coverImageKey: text('cover_image_key').unique(),
    coverWidth: integer('cover_width'),
    coverHeight: integer('cover_height'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('draft'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    authorId: text('author_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('posts_status_published_idx').on(t.status, t.publishedAt), index('posts_created_idx').on(t.createdAt)],
);

export type PostRow = typeof posts.$inferSelect;
export type NewPostRow = typeof posts.$inferInsert;
