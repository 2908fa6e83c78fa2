import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** A file of a syllabus item, kept in R2 under the private `syllabus/` prefix. */
export type SyllabusMaterial = {
  id: string;
  key: string;
  filename: string;
  mimeType: string;
  size: number;
  kind: 'document' | 'image' | 'video';
  width?: number | null;
  height?: number | null;
};

export type SyllabusLink = { title: string; url: string; type: string };

/** Material to learn for one belt grade (spec 3 "Syllabus"): files and external links. */
export const syllabusItems = sqliteTable(
  'syllabus_items',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    grade: text('grade').notNull(),
    /** Position of the grade in teaching order, so lists sort white → black without a CASE. */
    gradeRank: integer('grade_rank').notNull(),
    category: text('category').notNull(),
    materials: text('materials', { mode: 'json' }).$type<SyllabusMaterial[]>().notNull().default([]),
    externalLinks: text('external_links', { mode: 'json' }).$type<SyllabusLink[]>().notNull().default([]),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdBy: text('created_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('syllabus_items_grade_idx').on(t.grade, t.category, t.title),
    index('syllabus_items_rank_idx').on(t.gradeRank, t.category, t.title),
    index('syllabus_items_created_idx').on(t.createdAt),
  ],
);

export type SyllabusRow = typeof syllabusItems.$inferSelect;
export type NewSyllabusRow = typeof syllabusItems.$inferInsert;
