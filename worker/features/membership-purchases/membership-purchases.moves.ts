import { eq } from 'drizzle-orm';
import { calendarDay } from '#core/time-zone.ts';
import { ENROLLMENT_CANCEL_REASONS, ENROLLMENT_MESSAGES, MEMBERSHIP_MOVES } from '#core/enrollments/enrollment-status.ts';
import { isAdminCapable } from '#core/roles.ts';
import { membershipEnrollments, type MembershipEnrollmentRow } from '#db/schema/index.ts';
import { approvePurchase, currentRow, endPurchase } from '#worker/lib/enrolment/moves.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { MEMBERSHIP } from './membership-purchases.kind.ts';
import { tellMember } from './membership-purchases.notify.ts';
import { enrollmentView, visibleEnrollment } from './membership-purchases.queries.ts';

/**
 * Ends an enrolment (cancel, reject) through the kit's two looks (refund first, decision 012); the move
 * requires the payment state it saw, so a payment landing meanwhile is caught by the second look.
 */
async function endEnrollment(
  ctx: ServiceCtx,
  row: MembershipEnrollmentRow,
  from: readonly string[],
  reason: string,
  cannot: (status: string) => string,
  title = 'Membership cancelled',
) {
  const { refunded } = await endPurchase(ctx, MEMBERSHIP, row, {
    from,
    reason,
    cannot,
    set: (refunded) => (refunded ? { paymentStatus: 'refunded' } : {}),
    narrow: (seen) => eq(membershipEnrollments.paymentStatus, seen.paymentStatus),
  });
  tellMember(ctx, row.id, {
    title,
    body: (r) =>
      `Your ${r.membershipName} membership was ${title === 'Membership cancelled' ? 'cancelled' : 'not accepted'}: ${reason}.${refunded ? ' Your payment has been refunded.' : ''}`,
    type: 'info',
    eventType: 'membership_cancelled',
  });
  return enrollmentView(ctx.db, row.id);
}

/** PATCH /:id/cancel: the owner (or the school) while pending, approved or active; an expired one cannot be. */
export async function cancelMembership(ctx: ServiceCtx, id: string, cancelReason: string | undefined) {
  const user = signedIn(ctx);
  const { row } = await visibleEnrollment(ctx, id);
  const byStaff = isAdminCapable(user.role) && row.userId !== user.id;
  const reason = cancelReason || (byStaff ? ENROLLMENT_CANCEL_REASONS.admin : ENROLLMENT_CANCEL_REASONS.user);
  return endEnrollment(ctx, row, MEMBERSHIP_MOVES.userCancel, reason, ENROLLMENT_MESSAGES.cannotCancel);
}

/** POST /:id/reject (school): cancelled with the reason, refunded if paid and never active. */
export async function rejectMembership(ctx: ServiceCtx, id: string, rejectionReason: string | undefined) {
  const row = await currentRow(ctx, MEMBERSHIP, id);
  return endEnrollment(
    ctx,
    row,
    MEMBERSHIP_MOVES.reject,
    rejectionReason || ENROLLMENT_CANCEL_REASONS.admin,
    ENROLLMENT_MESSAGES.cannotReject,
    'Membership rejected',
  );
}

/** POST /:id/approve (school): the kit's approval — active with the period starting now when paid or free, approved otherwise. */
export async function approveMembership(ctx: ServiceCtx, id: string, approvalNotes: string | undefined) {
  await approvePurchase(ctx, MEMBERSHIP, id, approvalNotes);
  tellMember(ctx, id, {
    title: 'Membership approved',
    body: (r, zone) =>
      r.status === 'active' && r.endsAt
        ? `Your ${r.membershipName} membership is approved and active until ${calendarDay(r.endsAt, zone)}.`
        : `Your ${r.membershipName} membership is approved. Please complete the payment to activate it.`,
    type: 'success',
    eventType: 'membership_approved',
  });
  return enrollmentView(ctx.db, id);
}
