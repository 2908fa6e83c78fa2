import { and, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { AdminCourseEnrollmentsQueryInput, MyCourseEnrollmentsQueryInput } from '#core/enrollments/course-schemas.ts';
import { COURSE_ENROLLMENT_STATUSES } from '#core/enrollments/enrollment-status.ts';
import type { EnrollmentStats } from '#core/enrollments/views.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import { courseEnrollments, users } from '#db/schema/index.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { toView, viewSelect, visibleEnrollment } from './enrollments.queries.ts';

const NEWEST_FIRST = [desc(courseEnrollments.createdAt), desc(courseEnrollments.id)];

/** `%term%` for LIKE, with the wildcards of the term itself escaped. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Search by the user's name, e-mail or student ID, or the course title. */
function searchCondition(term: string): SQL {
  const p = contains(term);
  const like = (expr: SQL | SQLiteColumn) => sql`${expr} like ${p} escape '\\'`;
  const name = sql`trim(coalesce(json_extract(${users.profile}, '$.firstName'), '') || ' ' || coalesce(json_extract(${users.profile}, '$.lastName'), ''))`;
  return or(like(name), like(users.email), like(users.studentId), like(courseEnrollments.courseTitle)) as SQL;
}

/** A page of views, its total and (for staff) the counts per status, in ONE round trip (one batch of reads). */
async function page(
  ctx: ServiceCtx,
  where: SQL | undefined,
  statsWhere: SQL | undefined,
  q: { page: number; limit: number },
  withStats: boolean,
) {
  const rows = viewSelect(ctx.db, where)
    .orderBy(...NEWEST_FIRST)
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  const total = ctx.db.select({ n: count() }).from(courseEnrollments).innerJoin(users, eq(users.id, courseEnrollments.userId)).where(where);
  const byStatus = ctx.db
    .select({ status: courseEnrollments.status, n: count() })
    .from(courseEnrollments)
    .innerJoin(users, eq(users.id, courseEnrollments.userId))
    .where(statsWhere)
    .groupBy(courseEnrollments.status);
  const [found, totals, groups] = withStats ? await ctx.db.batch([rows, total, byStatus]) : [...(await ctx.db.batch([rows, total])), []];
  const stats: EnrollmentStats = { total: 0 };
  for (const s of COURSE_ENROLLMENT_STATUSES) stats[s] = 0;
  for (const g of groups) {
    stats[g.status] = g.n;
    stats.total += g.n;
  }
  return { data: found.map(toView), pagination: pagination(q.page, q.limit, totals[0]?.n ?? 0), stats };
}

/** GET /api/enroll/my-enrollments: the caller's own, newest first. */
export async function myEnrollments(ctx: ServiceCtx, q: MyCourseEnrollmentsQueryInput) {
  const user = signedIn(ctx);
  const { data, pagination } = await page(
    ctx,
    and(eq(courseEnrollments.userId, user.id), q.status ? eq(courseEnrollments.status, q.status) : undefined),
    undefined,
    q,
    false,
  );
  return { data, pagination };
}

/**
 * GET /api/enroll/admin/all: every enrolment by status, payment status, course, search and creation
 * range, newest first; `stats` counts each status under the other filters (the tabs' figures).
 */
export async function allEnrollments(ctx: ServiceCtx, q: AdminCourseEnrollmentsQueryInput) {
  const others = and(
    q.paymentStatus ? eq(courseEnrollments.paymentStatus, q.paymentStatus) : undefined,
    q.courseId ? eq(courseEnrollments.courseId, q.courseId) : undefined,
    q.search ? searchCondition(q.search) : undefined,
    q.from ? gte(courseEnrollments.createdAt, q.from) : undefined,
    q.to ? lte(courseEnrollments.createdAt, q.to) : undefined,
  );
  return page(ctx, and(q.status ? eq(courseEnrollments.status, q.status) : undefined, others), others, q, true);
}

export async function getEnrollment(ctx: ServiceCtx, id: string) {
  return toView(await visibleEnrollment(ctx, id));
}
