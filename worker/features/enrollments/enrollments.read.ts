import { and, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCourseEnrollmentsQueryInput, MyCourseEnrollmentsQueryInput } from '#core/enrollments/course-schemas.ts';
import { COURSE_ENROLLMENT_STATUSES } from '#core/enrollments/enrollment-status.ts';
import type { EnrollmentStats } from '#core/enrollments/views.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import { courseEnrollments, users } from '#db/schema/index.ts';
import { actingFor } from '#worker/lib/family/guardian.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { toView, viewSelect, visibleEnrollment } from './enrollments.queries.ts';

const NEWEST_FIRST = [desc(courseEnrollments.createdAt), desc(courseEnrollments.id)];

/** Search by the user's name, e-mail or student ID, or the course title. */
function searchCondition(term: string): SQL {
  const name = sql`trim(coalesce(json_extract(${users.profile}, '$.firstName'), '') || ' ' || coalesce(json_extract(${users.profile}, '$.lastName'), ''))`;
  const people = sql`select ${users.id} from ${users} where ${likeAny(term, [name, users.email, users.studentId])}`;
  return or(sql`${courseEnrollments.userId} in (${people})`, likeAny(term, [courseEnrollments.courseTitle])) as SQL;
}

/**
 * A page of views, its total and (for staff) the counts per status, in ONE round trip (one batch of
 * reads): the page walks (status, created_at) or (created_at) newest first and stops after `limit`.
 */
async function page(
  ctx: ServiceCtx,
  filter: { where: SQL | undefined; statsWhere: SQL | undefined },
  q: { page: number; limit: number },
  withStats: boolean,
) {
  const { db } = ctx;
  const rows = viewSelect(db, filter.where)
    .orderBy(...NEWEST_FIRST)
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  // Counts read the enrolments alone (a search looks users up in a subquery), so the indexes answer them.
  const total = db.select({ n: count() }).from(courseEnrollments).where(filter.where);
  const byStatus = db
    .select({ status: courseEnrollments.status, n: count() })
    .from(courseEnrollments)
    .where(filter.statsWhere)
    .groupBy(courseEnrollments.status);
  const [found, totals, groups] = withStats ? await db.batch([rows, total, byStatus]) : [...(await db.batch([rows, total])), []];
  const stats: EnrollmentStats = { total: 0 };
  for (const s of COURSE_ENROLLMENT_STATUSES) stats[s] = 0;
  for (const g of groups) {
    stats[g.status] = g.n;
    stats.total += g.n;
  }
  return { data: found.map(toView), pagination: pagination(q.page, q.limit, totals[0]?.n ?? 0), stats };
}

/** GET /api/enroll/my-enrollments?for=: the caller's own (or their child's), newest first. */
export async function myEnrollments(ctx: ServiceCtx, q: MyCourseEnrollmentsQueryInput) {
  const { userId } = await actingFor(ctx, q.for);
  const { data, pagination } = await page(
    ctx,
    {
      where: and(eq(courseEnrollments.userId, userId), q.status ? eq(courseEnrollments.status, q.status) : undefined),
      statsWhere: undefined,
    },
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
  const where = and(q.status ? eq(courseEnrollments.status, q.status) : undefined, others);
  return page(ctx, { where, statsWhere: others }, q, true);
}

export async function getEnrollment(ctx: ServiceCtx, id: string) {
  return toView(await visibleEnrollment(ctx, id));
}
