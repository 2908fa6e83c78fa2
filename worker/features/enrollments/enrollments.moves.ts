import { sql } from 'drizzle-orm';
import { COURSE_MOVES, ENROLLMENT_CANCEL_REASONS, ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { isAdminCapable } from '#core/roles.ts';
import { courseEnrollments, type CourseEnrollmentRow } from '#db/schema/index.ts';
import { approvePurchase, currentRow, endPurchase, paidBeforeActive } from '#worker/lib/enrolment/moves.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { COURSE } from './enrollments.kind.ts';
import { noticeToUser } from './enrollments.notify.ts';
import { enrollmentView, visibleEnrollment } from './enrollments.queries.ts';

/**
 * Ends an enrolment (cancel, reject) through the kit's two looks (refund first): the move marks money
 * taken before it was active refunded, and without a refund it requires that no such payment landed meanwhile.
 */
const endEnrollment = (ctx: ServiceCtx, e: CourseEnrollmentRow, from: readonly string[], reason: string, cannot: (s: string) => string) =>
  endPurchase(ctx, COURSE, e, {
    from,
    reason,
    cannot,
    set: () => ({
      paymentStatus: sql`case when ${paidBeforeActive(COURSE)} then 'refunded' else ${courseEnrollments.paymentStatus} end`,
    }),
    narrow: (_, refunded) => (refunded ? undefined : sql`not ${paidBeforeActive(COURSE)}`),
  });

/** PATCH /api/enroll/:id/cancel: the owner (or an admin) while it is live. */
export async function cancelEnrollment(ctx: ServiceCtx, id: string, cancelReason: string | undefined) {
  const user = signedIn(ctx);
  const { enrollment } = await visibleEnrollment(ctx, id);
  const byStaff = enrollment.userId !== user.id && isAdminCapable(user.role);
  const reason = cancelReason ?? (byStaff ? ENROLLMENT_CANCEL_REASONS.admin : ENROLLMENT_CANCEL_REASONS.user);
  const { moved } = await endEnrollment(ctx, enrollment, COURSE_MOVES.userCancel, reason, ENROLLMENT_MESSAGES.cannotCancel);
  if (byStaff) noticeToUser(ctx, moved, 'cancelled', reason);
  return enrollmentView(ctx.db, id);
}

/** POST /api/enroll/:id/reject (staff): cancelled with the reason, money taken before it was active refunded. */
export async function rejectEnrollment(ctx: ServiceCtx, id: string, rejectionReason: string | undefined) {
  const e = await currentRow(ctx, COURSE, id);
  const reason = rejectionReason ?? ENROLLMENT_CANCEL_REASONS.admin;
  const { moved } = await endEnrollment(ctx, e, COURSE_MOVES.reject, reason, ENROLLMENT_MESSAGES.cannotReject);
  noticeToUser(ctx, moved, 'rejected', reason);
  return enrollmentView(ctx.db, id);
}

/** POST /api/enroll/:id/approve (staff): the kit's approval; paid or free it is active at once, its term starting now. */
export async function approveEnrollment(ctx: ServiceCtx, id: string, approvalNotes: string | undefined) {
  const moved = await approvePurchase(ctx, COURSE, id, approvalNotes);
  noticeToUser(ctx, moved, moved.status === 'active' ? 'active' : 'approved', approvalNotes);
  return enrollmentView(ctx.db, id);
}
