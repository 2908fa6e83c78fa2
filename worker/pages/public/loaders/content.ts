import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { offsetOf } from '#core/paging.ts';
import type { Db } from '#db/client.ts';
import { classes, courses, membershipPlans, memberships, type ClassRow } from '#db/schema/index.ts';
import type { ClassDto } from '#web/pages/public/view-types.ts';
import type { Level } from '#core/catalog/catalog-options.ts';

/** The statements the public pages are made of; each loader sends the ones a page needs as ONE batch. */

export const featuredCoursesQuery = (db: Db, limit: number) =>
  db
    .select()
    .from(courses)
    .where(and(eq(courses.isActive, true), eq(courses.featured, true)))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(limit);

export type CourseFilters = { category?: string | undefined; level?: string | undefined };

const courseWhere = (f: CourseFilters) =>
  and(
    eq(courses.isActive, true),
    f.category ? sql`lower(${courses.category}) = lower(${f.category})` : undefined,
    f.level ? eq(courses.level, f.level) : undefined,
  );

export const coursePageQueries = (db: Db, f: CourseFilters, page: number, limit: number) =>
  [
    db
      .select()
      .from(courses)
      .where(courseWhere(f))
      .orderBy(desc(courses.featured), desc(courses.createdAt), desc(courses.id))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    db.select({ total: count() }).from(courses).where(courseWhere(f)),
  ] as const;

/** The categories of active courses, for the filter form. */
export const courseCategoriesQuery = (db: Db) =>
  db
    .selectDistinct({ category: courses.category })
    .from(courses)
    .where(and(eq(courses.isActive, true), isNotNull(courses.category), sql`trim(${courses.category}) <> ''`))
    .orderBy(asc(sql`lower(${courses.category})`))
    .limit(50);

export const courseBySlugOrIdQuery = (db: Db, slugOrId: string) =>
  db
    .select()
    .from(courses)
    .where(and(eq(courses.isActive, true), or(eq(courses.slug, slugOrId.toLowerCase()), eq(courses.id, slugOrId))))
    .limit(2);

export const activeMembershipsQuery = (db: Db) =>
  db
    .select()
    .from(memberships)
    .where(eq(memberships.isActive, true))
    .orderBy(asc(memberships.sortOrder), asc(sql`${memberships.name} collate nocase`), asc(memberships.id))
    .limit(100);

/** Active plans of active memberships: one statement, never one per membership. */
export const activePlansQuery = (db: Db) =>
  db
    .select()
    .from(membershipPlans)
    .where(
      and(
        eq(membershipPlans.isActive, true),
        inArray(membershipPlans.membershipId, db.select({ id: memberships.id }).from(memberships).where(eq(memberships.isActive, true))),
      ),
    )
    .orderBy(asc(membershipPlans.position), asc(membershipPlans.id));

export const timetableQuery = (db: Db) =>
  db
    .select()
    .from(classes)
    .where(eq(classes.isActive, true))
    .orderBy(asc(classes.dayOfWeek), asc(classes.startTime), asc(classes.id))
    .limit(500);

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const classView = (row: ClassRow): ClassDto => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  dayOfWeek: row.dayOfWeek,
  dayName: DAY_NAMES[row.dayOfWeek] ?? '',
  startTime: row.startTime,
  endTime: row.endTime,
  instructorName: row.instructorName,
  level: row.level as Level,
  location: row.location,
  ageGroup: row.ageGroup,
  capacity: row.capacity,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

// The content queries live in their features (one query for the API and the pages); home.ts still reads
// these names from here until it imports the features' builders itself.
export { publicAlliancesQuery as alliancesQuery } from '#worker/features/alliances/alliances.queries.ts';
export { publicPostsQuery as latestPostsQuery } from '#worker/features/posts/posts.queries.ts';
export { publicTestimonialsQuery as testimonialsQuery } from '#worker/features/testimonials/testimonials.queries.ts';

export const totalOf = (rows: readonly { total: number }[]) => rows[0]?.total ?? 0;
