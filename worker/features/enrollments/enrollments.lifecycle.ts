import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  COURSE_MOVES,
  ENROLLMENT_CANCEL_REASONS,
  ENROLLMENT_MESSAGES,
  REFUNDED_ON_CANCEL_FROM,
  type CourseEnrollmentStatus,
} from '#core/enrollments/enrollment-status.ts';
import { isAdminCapable } from '#core/roles.ts';
import { courseEnrollments, type CourseEnrollmentRow } from '#db/schema/index.ts';
import { AppError, conflict, notFound, unavailable } from '#worker/lib/errors.ts';
import { termEndFrom } from './enrollments.settlement.ts';
import { refundPayment } from '#worker/lib/payments/records.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { noticeToUser } from './enrollments.notify.ts';
import { enrollmentView, loadEnrollment, sqlList, succeededPayment, visibleEnrollment } from './enrollments.queries.ts';
import { cancelStatements } from './enrollments.release.ts';

const REFUND_FAILED = 'The refund could not be completed at the payment provider. The enrollment was not changed; please try again.';
const refundable = (e: CourseEnrollmentRow) =>
  e.paymentStatus === 'paid' && (REFUNDED_ON_CANCEL_FROM as readonly string[]).includes(e.status);

async function current(ctx: ServiceCtx, id: string): Promise<CourseEnrollmentRow> {
  const found = await loadEnrollment(ctx.db, id);
  if (!found) throw notFound(ENROLLMENT_MESSAGES.notFound);
  return found.enrollment;
}

/** The money back through the payment's gateway first: a provider that fails leaves the enrolment as it was. */
async function refundAtGateway(ctx: ServiceCtx, e: CourseEnrollmentRow, reason: string) {
  const payment = await succeededPayment(ctx.db, 'course_enrollment', e.id);
  if (!payment) return;
  try {
    await refundPayment(ctx, payment, reason);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw err;
    console.error(
      JSON.stringify({ level: 'error', requestId: ctx.requestId, message: 'refund failed', enrollmentId: e.id, error: String(err) }),
    );
    throw unavailable(REFUND_FAILED);
  }
}

/**
 * Ends an enrolment (cancel, reject): a payment taken before it became active is refunded at its
 * gateway first, then ONE conditional UPDATE moves it with its coupon use and unpaid renewals released
 * in the same batch. Without a refund the move also requires that no such payment landed meanwhile;
 * if one did, the second look refunds it.
 */
async function endEnrollment(
  ctx: ServiceCtx,
  e: CourseEnrollmentRow,
  from: readonly CourseEnrollmentStatus[],
  reason: string,
  cannot: (status: string) => string,
) {
  const user = signedIn(ctx);
  for (let look = 0; look < 2; look++) {
    if (!from.includes(e.status)) throw conflict(cannot(e.status));
    const refund = refundable(e);
    if (refund) await refundAtGateway(ctx, e, reason);
    const before = sqlList(REFUNDED_ON_CANCEL_FROM);
    const [moved] = await ctx.db.batch([
      ...cancelStatements(ctx.db, {
        ids: [e.id],
        from,
        at: new Date(),
        set: {
          cancelReason: reason,
          cancelledBy: user.id,
          // The refund above was for money taken before the enrolment was active.
          paymentStatus: sql`case when ${courseEnrollments.paymentStatus} = 'paid' and ${courseEnrollments.status} in (${before}) then 'refunded' else ${courseEnrollments.paymentStatus} end`,
        },
        where: refund ? undefined : sql`not (${courseEnrollments.paymentStatus} = 'paid' and ${courseEnrollments.status} in (${before}))`,
      }),
    ]);
    if (moved[0]) return moved[0];
    e = await current(ctx, e.id);
  }
  throw conflict(cannot(e.status));
}

/** PATCH /api/enroll/:id/cancel: the owner (or an admin) while it is live. */
export async function cancelEnrollment(ctx: ServiceCtx, id: string, cancelReason: string | undefined) {
  const user = signedIn(ctx);
  const { enrollment } = await visibleEnrollment(ctx, id);
  const byStaff = enrollment.userId !== user.id && isAdminCapable(user.role);
  const reason = cancelReason ?? (byStaff ? ENROLLMENT_CANCEL_REASONS.admin : ENROLLMENT_CANCEL_REASONS.user);
  const moved = await endEnrollment(ctx, enrollment, COURSE_MOVES.userCancel, reason, ENROLLMENT_MESSAGES.cannotCancel);
  if (byStaff) noticeToUser(ctx, moved, 'cancelled', reason);
  return enrollmentView(ctx.db, id);
}

/** POST /api/enroll/:id/reject (staff): cancelled with the reason, money taken before it was active refunded. */
export async function rejectEnrollment(ctx: ServiceCtx, id: string, rejectionReason: string | undefined) {
  const e = await current(ctx, id);
  const reason = rejectionReason ?? ENROLLMENT_CANCEL_REASONS.admin;
  const moved = await endEnrollment(ctx, e, COURSE_MOVES.reject, reason, ENROLLMENT_MESSAGES.cannotReject);
  noticeToUser(ctx, moved, 'rejected', reason);
  return enrollmentView(ctx.db, id);
}

/**
 * POST /api/enroll/:id/approve (staff): one conditional UPDATE from pending_approval; paid or free it
 * becomes active at once (its term starts now), otherwise approved, awaiting the payment (decision 012).
 */
export async function approveEnrollment(ctx: ServiceCtx, id: string, approvalNotes: string | undefined) {
  const user = signedIn(ctx);
  const at = new Date();
  const settled = sql`${courseEnrollments.paymentStatus} in ('paid', 'free')`;
  const moved = await ctx.db
    .update(courseEnrollments)
    .set({
      status: sql`case when ${settled} then 'active' else 'approved' end`,
      termEndsAt: sql`case when ${settled} then ${termEndFrom(at)} else ${courseEnrollments.termEndsAt} end`,
      approvedAt: at,
      approvedBy: user.id,
      approvalNotes: approvalNotes ?? null,
      updatedAt: at,
    })
    .where(and(eq(courseEnrollments.id, id), inArray(courseEnrollments.status, [...COURSE_MOVES.approve])))
    .returning()
    .get();
  if (!moved) throw conflict(ENROLLMENT_MESSAGES.cannotApprove((await current(ctx, id)).status));
  noticeToUser(ctx, moved, moved.status === 'active' ? 'active' : 'approved', approvalNotes);
  return enrollmentView(ctx.db, id);
}
