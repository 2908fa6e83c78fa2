import { eq } from 'drizzle-orm';
import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { MEMBERSHIP_PURCHASE_MESSAGES } from '#core/enrollments/membership-schemas.ts';
import type { PaymentStart } from '#core/shop/views.ts';
import { membershipEnrollments, type EnrollmentRenewalRow, type MembershipEnrollmentRow } from '#db/schema/index.ts';
import { abandonRenewal } from '#worker/lib/enrolment/renewals.ts';
import { conflict } from '#worker/lib/errors.ts';
import { chosenGateway } from '#worker/lib/payments/registry.ts';
import { GATEWAY_START_FAILED, openPayment } from '#worker/lib/payments/open.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { enrollmentView, visibleEnrollment } from './membership-purchases.queries.ts';
import { MEMBERSHIP } from './membership-purchases.kind.ts';
import { cancelStatements } from './membership-purchases.sql.ts';

type Purchase =
  | { kind: 'membership'; row: MembershipEnrollmentRow }
  | { kind: 'membership_renewal'; row: EnrollmentRenewalRow; enrollment: MembershipEnrollmentRow };

/**
 * Opens a payment at the gateway for an enrolment or a renewal. When it fails for a new one, that one is
 * cancelled at once (its coupon use back), so nothing stays held for a payment that cannot happen.
 */
export function purchasePayment(
  ctx: ServiceCtx,
  purchase: Purchase,
  gateway: string,
  { abandonOnFailure }: { abandonOnFailure: boolean },
): Promise<PaymentStart> {
  const isRenewal = purchase.kind === 'membership_renewal';
  const enrollment = isRenewal ? purchase.enrollment : purchase.row;
  const query = isRenewal ? `renewalId=${encodeURIComponent(purchase.row.id)}` : `enrollmentId=${encodeURIComponent(purchase.row.id)}`;
  return openPayment(
    ctx,
    {
      purchaseType: purchase.kind,
      purchaseId: purchase.row.id,
      // The payer: the member, or the guardian paying for their child (only they reach here).
      userId: signedIn(ctx).id,
      amountCents: purchase.row.totalCents,
      gateway,
      description: `${isRenewal ? 'Renewal: ' : ''}${enrollment.membershipName} — ${enrollment.planName}`,
      customerEmail: ctx.user?.email ?? null,
      returnPath: `/memberships/complete?${query}`,
      cancelPath: '/memberships',
      currency: MEMBERSHIP_CURRENCY.code,
    },
    abandonOnFailure ? { abandon: () => abandon(ctx, purchase), message: MEMBERSHIP_PURCHASE_MESSAGES.gatewayDown } : undefined,
  );
}

/** A new purchase whose payment cannot start: the enrolment (or renewal) ends and its coupon use comes back. */
function abandon(ctx: ServiceCtx, purchase: Purchase) {
  if (purchase.kind === 'membership_renewal') return abandonRenewal(ctx, MEMBERSHIP, purchase.row.id);
  return ctx.db.batch([
    ...cancelStatements(ctx.db, {
      which: eq(membershipEnrollments.id, purchase.row.id),
      from: ['pending_approval'],
      at: new Date(),
      set: { cancelReason: GATEWAY_START_FAILED },
      where: eq(membershipEnrollments.paymentStatus, 'pending'),
    }),
  ]);
}

/** POST /:id/pay: another payment for the caller's own (or child's) enrolment still awaiting one. */
export async function payAgain(ctx: ServiceCtx, id: string, paymentMethod: string | undefined) {
  signedIn(ctx);
  const { row } = await visibleEnrollment(ctx, id, true);
  if (row.paymentStatus !== 'pending')
    throw conflict(row.paymentStatus === 'paid' ? ENROLLMENT_MESSAGES.alreadyPaid : ENROLLMENT_MESSAGES.notPayable);
  if (!(['pending_approval', 'approved'] as const).some((s) => s === row.status)) throw conflict(ENROLLMENT_MESSAGES.notPayable);
  // Past its due date the scheduled run cancels it; no new payment is opened for it meanwhile.
  if (row.paymentDueAt && row.paymentDueAt.getTime() <= Date.now()) throw conflict(ENROLLMENT_MESSAGES.notPayable);
  const gateway = chosenGateway(ctx, paymentMethod, row.paymentMethod);
  const payment = await purchasePayment(ctx, { kind: 'membership', row }, gateway, { abandonOnFailure: false });
  return { enrollment: await enrollmentView(ctx.db, id), payment };
}
