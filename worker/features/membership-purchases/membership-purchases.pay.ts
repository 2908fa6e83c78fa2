import { and, eq, sql } from 'drizzle-orm';
import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { MEMBERSHIP_PURCHASE_MESSAGES } from '#core/enrollments/membership-schemas.ts';
import type { PaymentStart } from '#core/shop/views.ts';
import { enrollmentRenewals, membershipEnrollments, type EnrollmentRenewalRow, type MembershipEnrollmentRow } from '#db/schema/index.ts';
import { releaseCouponUses } from '#worker/lib/coupon-uses.ts';
import { AppError, conflict, unavailable } from '#worker/lib/errors.ts';
import { chosenGateway } from '#worker/lib/payments/registry.ts';
import { startPayment } from '#worker/lib/payments/records.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { enrollmentView, ownEnrollment } from './membership-purchases.queries.ts';
import { cancelStatements } from './membership-purchases.sql.ts';

export const GATEWAY_START_FAILED = 'Payment could not be started';

function logGatewayFailure(ctx: ServiceCtx, purchaseId: string, err: unknown) {
  console.error(
    JSON.stringify({
      level: 'error',
      requestId: ctx.requestId,
      message: 'payment start failed',
      purchaseId,
      error: String((err as Error)?.message ?? err),
    }),
  );
}

type Purchase =
  | { kind: 'membership'; row: MembershipEnrollmentRow }
  | { kind: 'membership_renewal'; row: EnrollmentRenewalRow; enrollment: MembershipEnrollmentRow };

/**
 * Opens a payment at the gateway for an enrolment or a renewal. When it fails for a new one, that one is
 * cancelled at once (its coupon use back), so nothing stays held for a payment that cannot happen.
 */
export async function purchasePayment(
  ctx: ServiceCtx,
  purchase: Purchase,
  gateway: string,
  { abandonOnFailure }: { abandonOnFailure: boolean },
): Promise<PaymentStart> {
  const isRenewal = purchase.kind === 'membership_renewal';
  const enrollment = isRenewal ? purchase.enrollment : purchase.row;
  const query = isRenewal ? `renewalId=${encodeURIComponent(purchase.row.id)}` : `enrollmentId=${encodeURIComponent(purchase.row.id)}`;
  try {
    const { start } = await startPayment(ctx, {
      purchaseType: purchase.kind,
      purchaseId: purchase.row.id,
      userId: purchase.row.userId,
      amountCents: purchase.row.totalCents,
      gateway,
      description: `${isRenewal ? 'Renewal: ' : ''}${enrollment.membershipName} — ${enrollment.planName}`,
      customerEmail: ctx.user?.email ?? null,
      returnPath: `/memberships/complete?${query}`,
      cancelPath: '/memberships',
      currency: MEMBERSHIP_CURRENCY.code,
    });
    return start;
  } catch (err) {
    if (abandonOnFailure) await abandon(ctx, purchase);
    if (err instanceof AppError && err.status < 500) throw err;
    logGatewayFailure(ctx, purchase.row.id, err);
    throw unavailable(
      abandonOnFailure ? MEMBERSHIP_PURCHASE_MESSAGES.gatewayDown : 'The payment service could not be reached. Please try again.',
    );
  }
}

async function abandon(ctx: ServiceCtx, purchase: Purchase) {
  const at = new Date();
  if (purchase.kind === 'membership') {
    await ctx.db.batch([
      ...cancelStatements(ctx.db, {
        id: purchase.row.id,
        from: ['pending_approval'],
        at,
        set: { cancelReason: GATEWAY_START_FAILED },
        where: eq(membershipEnrollments.paymentStatus, 'pending'),
      }),
    ]);
    return;
  }
  await ctx.db.batch([
    ctx.db
      .update(enrollmentRenewals)
      .set({ status: 'cancelled', updatedAt: at })
      .where(and(eq(enrollmentRenewals.id, purchase.row.id), eq(enrollmentRenewals.status, 'pending_payment'))),
    releaseCouponUses(
      ctx.db,
      'membership_renewal',
      purchase.row.id,
      sql`exists (select 1 from ${enrollmentRenewals} where ${enrollmentRenewals.id} = ${purchase.row.id} and ${enrollmentRenewals.status} = 'cancelled')`,
    ),
  ]);
}

/** POST /:id/pay: another payment for the caller's own enrolment still awaiting one. */
export async function payAgain(ctx: ServiceCtx, id: string, paymentMethod: string | undefined) {
  signedIn(ctx);
  const { row } = await ownEnrollment(ctx, id);
  if (row.paymentStatus !== 'pending')
    throw conflict(row.paymentStatus === 'paid' ? ENROLLMENT_MESSAGES.alreadyPaid : ENROLLMENT_MESSAGES.notPayable);
  if (!(['pending_approval', 'approved'] as const).some((s) => s === row.status)) throw conflict(ENROLLMENT_MESSAGES.notPayable);
  // Past its due date the scheduled run cancels it; no new payment is opened for it meanwhile.
  if (row.paymentDueAt && row.paymentDueAt.getTime() <= Date.now()) throw conflict(ENROLLMENT_MESSAGES.notPayable);
  const gateway = chosenGateway(ctx, paymentMethod, row.paymentMethod);
  const payment = await purchasePayment(ctx, { kind: 'membership', row }, gateway, { abandonOnFailure: false });
  return { enrollment: await enrollmentView(ctx.db, id), payment };
}
