import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ENROLLMENT_CANCEL_REASONS,
  ENROLLMENT_MESSAGES,
  MEMBERSHIP_MOVES,
  REFUNDED_ON_CANCEL_FROM,
  type MembershipEnrollmentStatus,
} from '#core/enrollments/enrollment-status.ts';
import { isAdminCapable } from '#core/roles.ts';
import type { Db } from '#db/client.ts';
import { membershipEnrollments, payments, type MembershipEnrollmentRow } from '#db/schema/index.ts';
import { AppError, conflict, notFound, unavailable } from '#worker/lib/errors.ts';
import { refundPayment } from '#worker/lib/payments/records.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { tellMember } from './membership-purchases.notices.ts';
import { enrollmentView, loadEnrollment, visibleEnrollment } from './membership-purchases.queries.ts';
import { cancelStatements, periodStartingNow } from './membership-purchases.sql.ts';

const REFUND_FAILED = 'The refund could not be completed at the payment provider. The enrollment was not changed; please try again.';

const succeededPayment = (db: Db, id: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.purchaseType, 'membership'), eq(payments.purchaseId, id), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.paidAt))
    .get();

/** The money back through the gateway first: a provider that fails leaves the enrolment as it was. */
async function refundAtGateway(ctx: ServiceCtx, row: MembershipEnrollmentRow, reason: string) {
  const payment = await succeededPayment(ctx.db, row.id);
  if (!payment) return;
  try {
    await refundPayment(ctx, payment, reason);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw err;
    console.error(
      JSON.stringify({ level: 'error', requestId: ctx.requestId, message: 'refund failed', enrollmentId: row.id, error: String(err) }),
    );
    throw unavailable(REFUND_FAILED);
  }
}

const among = (list: readonly string[], status: string) => list.includes(status);

/**
 * Cancels an enrolment from one of `from` in one conditional statement (coupon use back when it never
 * became active). A paid one that never became active is refunded at its gateway first (decision 012); a
 * payment that lands during the cancel is caught by the second look.
 */
async function endEnrollment(
  ctx: ServiceCtx,
  row: MembershipEnrollmentRow,
  from: readonly MembershipEnrollmentStatus[],
  reason: string,
  refusal: (status: string) => string,
  title = 'Membership cancelled',
) {
  const by = signedIn(ctx).id;
  for (let look = 0; look < 2; look++) {
    if (!among(from, row.status)) throw conflict(refusal(row.status));
    const refund = row.paymentStatus === 'paid' && among(REFUNDED_ON_CANCEL_FROM, row.status);
    if (refund) await refundAtGateway(ctx, row, reason);
    const at = new Date();
    const [moved] = await ctx.db.batch([
      ...cancelStatements(ctx.db, {
        id: row.id,
        from,
        at,
        set: { cancelReason: reason, cancelledBy: by, ...(refund ? { paymentStatus: 'refunded' } : {}) },
        where: eq(membershipEnrollments.paymentStatus, row.paymentStatus),
      }),
    ]);
    if (moved[0]) {
      tellMember(ctx, row.id, {
        title,
        body: (r) =>
          `Your ${r.membershipName} membership was ${title === 'Membership cancelled' ? 'cancelled' : 'not accepted'}: ${reason}.${refund ? ' Your payment has been refunded.' : ''}`,
        type: 'info',
        eventType: 'membership_cancelled',
      });
      return enrollmentView(ctx.db, row.id);
    }
    const again = await loadEnrollment(ctx.db, row.id);
    if (!again) throw notFound(ENROLLMENT_MESSAGES.notFound);
    row = again.row;
  }
  throw conflict(refusal(row.status));
}

/** PATCH /:id/cancel: the owner (or the school) while pending, approved or active; an expired one cannot be. */
export async function cancelMembership(ctx: ServiceCtx, id: string, cancelReason: string | undefined) {
  const user = signedIn(ctx);
  const { row } = await visibleEnrollment(ctx, id);
  const byStaff = isAdminCapable(user.role) && row.userId !== user.id;
  const reason = cancelReason || (byStaff ? ENROLLMENT_CANCEL_REASONS.admin : ENROLLMENT_CANCEL_REASONS.user);
  return endEnrollment(ctx, row, MEMBERSHIP_MOVES.userCancel, reason, ENROLLMENT_MESSAGES.cannotCancel);
}

async function staffRow(ctx: ServiceCtx, id: string) {
  const found = await loadEnrollment(ctx.db, id);
  if (!found) throw notFound(ENROLLMENT_MESSAGES.notFound);
  return found.row;
}

/** POST /:id/reject (school): cancelled with the reason, refunded if paid and never active. */
export async function rejectMembership(ctx: ServiceCtx, id: string, rejectionReason: string | undefined) {
  const row = await staffRow(ctx, id);
  return endEnrollment(
    ctx,
    row,
    MEMBERSHIP_MOVES.reject,
    rejectionReason || ENROLLMENT_CANCEL_REASONS.admin,
    ENROLLMENT_MESSAGES.cannotReject,
    'Membership rejected',
  );
}

/**
 * POST /:id/approve (school): one statement — active with the period starting now when paid or free,
 * approved (awaiting payment) otherwise.
 */
export async function approveMembership(ctx: ServiceCtx, id: string, approvalNotes: string | undefined) {
  const user = signedIn(ctx);
  const at = new Date();
  const settled = sql`${membershipEnrollments.paymentStatus} in ('paid', 'free')`;
  const moved = await ctx.db
    .update(membershipEnrollments)
    .set({
      status: sql`case when ${settled} then 'active' else 'approved' end`,
      ...periodStartingNow(settled, at),
      approvedAt: at,
      approvedBy: user.id,
      approvalNotes: approvalNotes ?? null,
      updatedAt: at,
    })
    .where(and(eq(membershipEnrollments.id, id), inArray(membershipEnrollments.status, [...MEMBERSHIP_MOVES.approve])))
    .returning({ id: membershipEnrollments.id, status: membershipEnrollments.status })
    .get();
  if (!moved) throw conflict(ENROLLMENT_MESSAGES.cannotApprove((await staffRow(ctx, id)).status));
  tellMember(ctx, id, {
    title: 'Membership approved',
    body: (r) =>
      r.status === 'active'
        ? `Your ${r.membershipName} membership is approved and active until ${r.endsAt?.toISOString().slice(0, 10) ?? ''}.`
        : `Your ${r.membershipName} membership is approved. Please complete the payment to activate it.`,
    type: 'success',
    eventType: 'membership_approved',
  });
  return enrollmentView(ctx.db, id);
}
