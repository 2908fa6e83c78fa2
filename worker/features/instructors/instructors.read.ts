import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { INSTRUCTOR_ENROLLMENT_STATUSES, INSTRUCTOR_STATUSES } from '#core/enrollments/enrollment-status.ts';
import type { InstructorType } from '#core/enrollments/enrollment-options.ts';
import type { AdminInstructorsQueryInput, PublicInstructorsQueryInput } from '#core/enrollments/instructor-schemas.ts';
import { instructorStatusDetails } from '#core/enrollments/instructor-status.ts';
import type { EnrollmentStats } from '#core/enrollments/views.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import { instructorEnrollments as ie, users } from '#db/schema/index.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { serializePublicInstructor } from './instructors.serialize.ts';
import { viewOf, visibleEnrollment, withApplicant } from './instructors.queries.ts';

const NEWEST_FIRST = [desc(ie.createdAt), desc(ie.id)];

const applicantName = sql`coalesce(json_extract(${users.profile}, '$.firstName'), '') || ' ' || coalesce(json_extract(${users.profile}, '$.lastName'), '')`;

/** Counts by a column, as one statement of a batch. */
const countsBy = (ctx: ServiceCtx, column: typeof ie.status | typeof ie.instructorStatus) =>
  ctx.db.select({ key: column, n: count() }).from(ie).groupBy(column);

const statsOf = (keys: readonly string[], rows: { key: string; n: number }[], prefix = ''): Record<string, number> =>
  Object.fromEntries(keys.map((k) => [`${prefix}${k}`, rows.find((r) => r.key === k)?.n ?? 0]));

/** GET /my-enrollments: all of the caller's applications, newest first, with counts by status. */
export async function myInstructorEnrollments(ctx: ServiceCtx) {
  const user = signedIn(ctx);
  const rows = await withApplicant(ctx.db)
    .where(eq(ie.userId, user.id))
    .orderBy(...NEWEST_FIRST);
  const summary: EnrollmentStats = { total: rows.length };
  for (const status of INSTRUCTOR_ENROLLMENT_STATUSES) summary[status] = rows.filter((r) => r.row.status === status).length;
  return { enrollments: rows.map(viewOf), summary };
}

/** GET /:id: the owner's or the school's, with the status in words. */
export async function getInstructorEnrollment(ctx: ServiceCtx, id: string) {
  const found = await visibleEnrollment(ctx, id);
  return { enrollment: viewOf(found), statusDetails: instructorStatusDetails(found.row.status, found.row.instructorStatus) };
}

/** GET /type/:type (public): instructors of a kind who teach now (approved or active, not suspended). */
export async function instructorsOfType(ctx: ServiceCtx, type: InstructorType, query: PublicInstructorsQueryInput) {
  const where = and(
    eq(ie.instructorType, type),
    inArray(ie.status, ['approved', 'active']),
    eq(ie.instructorStatus, 'active'),
    query.search ? likeAny(query.search, [applicantName, ie.grade, ie.specialties]) : undefined,
  );
  const [rows, [total]] = await ctx.db.batch([
    withApplicant(ctx.db)
      .where(where)
      .orderBy(desc(ie.approvedAt), desc(ie.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    ctx.db.select({ n: count() }).from(ie).innerJoin(users, eq(users.id, ie.userId)).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    instructors: rows.map(({ row, user }) => serializePublicInstructor(row, user)),
    stats: { total: n },
    pagination: pagination(query.page, query.limit, n),
  };
}

/**
 * GET /admin/all: a page of applications with their filters, and the school-wide counts by status and
 * by instructor status (`instructor_<status>`, as `active` names both), in one batch (one round trip).
 */
export async function allInstructorEnrollments(ctx: ServiceCtx, query: AdminInstructorsQueryInput) {
  const where = and(
    query.status ? eq(ie.status, query.status) : undefined,
    query.instructorStatus ? eq(ie.instructorStatus, query.instructorStatus) : undefined,
    query.type ? eq(ie.instructorType, query.type) : undefined,
    query.search ? likeAny(query.search, [applicantName, users.email, sql`coalesce(${users.instructorId}, '')`, ie.grade]) : undefined,
  );
  const [rows, [total], byStatus, byInstructorStatus] = await ctx.db.batch([
    withApplicant(ctx.db)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    ctx.db.select({ n: count() }).from(ie).innerJoin(users, eq(users.id, ie.userId)).where(where),
    countsBy(ctx, ie.status),
    countsBy(ctx, ie.instructorStatus),
  ]);
  const stats: EnrollmentStats = {
    total: byStatus.reduce((n, r) => n + r.n, 0),
    ...statsOf(INSTRUCTOR_ENROLLMENT_STATUSES, byStatus),
    ...statsOf(INSTRUCTOR_STATUSES, byInstructorStatus, 'instructor_'),
  };
  return { enrollments: rows.map(viewOf), pagination: pagination(query.page, query.limit, total?.n ?? 0), stats };
}
