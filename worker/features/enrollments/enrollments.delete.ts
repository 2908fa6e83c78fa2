import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES, LIVE_COURSE_STATUSES } from '#core/enrollments/enrollment-status.ts';
import { courseEnrollments, enrollmentRenewals } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { cancelStatements } from './enrollments.release.ts';

/** Money taken and the enrolment still live: the school must cancel or reject it (which refunds) first. */
const paidAndLive = sql`(${courseEnrollments.paymentStatus} = 'paid' and ${courseEnrollments.status} <> 'cancelled')`;

/**
 * Deletes enrolments in ONE batch: an unpaid live one is first cancelled (its seat, coupon use and unpaid
 * renewals back, like any cancel), then every deletable one goes with its renewals. Paid live ones stay.
 * Payment rows are kept (they are the money's record).
 */
async function deleteEnrollments(ctx: ServiceCtx, ids: string[]) {
  const at = new Date();
  const results = await ctx.db.batch([
    ...cancelStatements(ctx.db, {
      which: inArray(courseEnrollments.id, ids),
      from: LIVE_COURSE_STATUSES,
      at,
      set: { cancelReason: 'Deleted by admin' },
      where: sql`${courseEnrollments.paymentStatus} <> 'paid'`,
    }),
    ctx.db
      .delete(courseEnrollments)
      .where(and(inArray(courseEnrollments.id, ids), sql`not ${paidAndLive}`))
      .returning({ id: courseEnrollments.id }),
    ctx.db
      .delete(enrollmentRenewals)
      .where(
        and(
          eq(enrollmentRenewals.kind, 'course'),
          inArray(enrollmentRenewals.enrollmentId, ids),
          notInArray(enrollmentRenewals.enrollmentId, ctx.db.select({ id: courseEnrollments.id }).from(courseEnrollments)),
        ),
      ),
  ]);
  return (results[4] as { id: string }[]).map((r) => r.id);
}

/** DELETE /api/enroll/:id (staff). */
export async function deleteEnrollment(ctx: ServiceCtx, id: string) {
  const [deleted] = await deleteEnrollments(ctx, [id]);
  if (deleted) return { _id: deleted };
  const row = await ctx.db.select({ id: courseEnrollments.id }).from(courseEnrollments).where(eq(courseEnrollments.id, id)).get();
  if (!row) throw notFound(ENROLLMENT_MESSAGES.notFound);
  throw conflict(ENROLLMENT_MESSAGES.paidUndeletable);
}

/** DELETE /api/enroll/bulk/delete (staff): unknown ids are skipped; paid live enrolments are kept and listed. */
export async function bulkDeleteEnrollments(ctx: ServiceCtx, ids: string[]) {
  const deletedIds = await deleteEnrollments(ctx, ids);
  const kept = await ctx.db.select({ id: courseEnrollments.id }).from(courseEnrollments).where(inArray(courseEnrollments.id, ids));
  return { deletedCount: deletedIds.length, deletedIds, keptIds: kept.map((r) => r.id) };
}
