import { and, asc, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { offsetOf } from '#core/paging.ts';
import type { Db } from '#db/client.ts';
import { courses } from '#db/schema/index.ts';

/**
 * The course statements that both the API verbs and the public page loaders send; a loader puts the
 * ones its page needs into its one `db.batch`.
 */

const active = eq(courses.isActive, true);

/** Active and featured, newest first: GET /api/courses/featured and the home page. */
export const featuredCoursesQuery = (db: Db, limit: number) =>
  db
    .select()
    .from(courses)
    .where(and(active, eq(courses.featured, true)))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(limit);

/** By id or slug (a slug is lower case); the id wins. Hidden courses only for callers who see them. */
export const courseBySlugOrIdQuery = (db: Db, idOrSlug: string, hidden: boolean) =>
  db
    .select()
    .from(courses)
    .where(and(or(eq(courses.id, idOrSlug), eq(courses.slug, idOrSlug.toLowerCase())), hidden ? undefined : active))
    .orderBy(sql`${courses.id} = ${idOrSlug} desc`)
    .limit(1);

export type CourseFilters = { category?: string | undefined; level?: string | undefined };

const filtered = (f: CourseFilters) =>
  and(
    active,
    f.category ? sql`lower(${courses.category}) = lower(${f.category})` : undefined,
    f.level ? eq(courses.level, f.level) : undefined,
  );

/** The public course page: a page of active courses (featured first, then newest) and its total. */
export const coursePageQueries = (db: Db, f: CourseFilters, page: number, limit: number) =>
  [
    db
      .select()
      .from(courses)
      .where(filtered(f))
      .orderBy(desc(courses.featured), desc(courses.createdAt), desc(courses.id))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    db.select({ total: count() }).from(courses).where(filtered(f)),
  ] as const;

/** The categories of active courses, for the filter form. */
export const courseCategoriesQuery = (db: Db) =>
  db
    .selectDistinct({ category: courses.category })
    .from(courses)
    .where(and(active, isNotNull(courses.category), sql`trim(${courses.category}) <> ''`))
    .orderBy(asc(sql`lower(${courses.category})`))
    .limit(50);

/** Slug and last change of every active course, most recently changed first (the sitemap). */
export const courseSitemapQuery = (db: Db, limit: number) =>
  db.select({ slug: courses.slug, updatedAt: courses.updatedAt }).from(courses).where(active).orderBy(desc(courses.updatedAt)).limit(limit);
