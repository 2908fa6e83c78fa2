import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { COURSE_MESSAGES, type CourseSortField, type ListCoursesQueryInput } from '#core/catalog/course-schemas.ts';
import type { Sort } from '#core/catalog/query.ts';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { courses } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { pageWithSummary } from '#worker/lib/catalog/db.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { courseBySlugOrIdQuery, featuredCoursesQuery } from './courses.queries.ts';
import { serializeCourse } from './courses.serialize.ts';

/** Spec 9's price used (discountPrice, else price) as SQL, so lists can sort by what people pay. */
const effectivePriceSql = sql`(case when ${courses.discountPriceCents} > 0 then ${courses.discountPriceCents} else ${courses.priceCents} end)`;

const SORT_EXPR: Record<CourseSortField, SQLiteColumn | SQL> = {
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  title: sql`${courses.title} collate nocase`,
  price: effectivePriceSql,
  durationWeeks: courses.durationWeeks,
};

/** The id breaks ties, so paging is stable. */
const orderOf = (s: Sort<CourseSortField>) =>
  s.direction === 'asc' ? [asc(SORT_EXPR[s.field]), asc(courses.id)] : [desc(SORT_EXPR[s.field]), desc(courses.id)];

/** Visitors only ever see active courses; admins see all unless they filter on isActive. */
function whereOf(q: ListCoursesQueryInput, hidden: boolean): SQL | undefined {
  return and(
    hidden ? (q.isActive !== undefined ? eq(courses.isActive, q.isActive) : undefined) : eq(courses.isActive, true),
    q.featured !== undefined ? eq(courses.featured, q.featured) : undefined,
    q.category ? sql`lower(${courses.category}) = lower(${q.category})` : undefined,
    q.level ? eq(courses.level, q.level) : undefined,
    q.search ? likeAny(q.search, [courses.title, courses.shortDescription, courses.category, courses.instructorName]) : undefined,
  );
}

/** GET /api/courses: one page and its total in one batch (2 statements). */
export async function listCourses(ctx: ServiceCtx, query: ListCoursesQueryInput) {
  const { rows, pagination } = await listPage(ctx.db, {
    table: courses,
    where: whereOf(query, seesHidden(ctx)),
    orderBy: orderOf(query.sort),
    page: query.page,
    limit: query.limit,
  });
  return { courses: rows.map(serializeCourse), pagination };
}

/** GET /api/courses/admin: everything, with the catalog summary, still 2 statements. */
export async function listCoursesForAdmin(ctx: ServiceCtx, query: ListCoursesQueryInput) {
  const { rows, pagination, summary } = await pageWithSummary(ctx.db, {
    table: courses,
    where: whereOf(query, true),
    orderBy: orderOf(query.sort),
    page: query.page,
    limit: query.limit,
    isActive: courses.isActive,
    featured: courses.featured,
  });
  return { courses: rows.map(serializeCourse), pagination, summary };
}

/** GET /api/courses/featured: active and featured, newest first. */
export async function featuredCourses(ctx: ServiceCtx, limit: number) {
  return (await featuredCoursesQuery(ctx.db, limit)).map(serializeCourse);
}

/** GET /api/courses/:id — by id or slug; a hidden course does not exist for visitors. */
export async function getCourse(ctx: ServiceCtx, idOrSlug: string) {
  const [row] = await courseBySlugOrIdQuery(ctx.db, idOrSlug, seesHidden(ctx));
  if (!row) throw notFound(COURSE_MESSAGES.notFound);
  return serializeCourse(row);
}
