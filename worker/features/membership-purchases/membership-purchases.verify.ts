import { eq } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { MEMBERSHIP_PURCHASE_MESSAGES, type VerifyMembershipPaymentInput } from '#core/enrollments/membership-schemas.ts';
import { isAdminCapable } from '#core/roles.ts';
import { enrollmentRenewals } from '#db/schema/index.ts';
import { AppError, conflict, notFound } from '#worker/lib/errors.ts';
import { verifyPurchasePayment } from '#worker/lib/payments/records.ts';
import { serializePayment } from '#worker/lib/payments/serialize.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { enrollmentView, visibleEnrollment } from './membership-purchases.queries.ts';
import { serializeRenewal } from '#worker/lib/enrollment-views.ts';

const FAILED = MEMBERSHIP_PURCHASE_MESSAGES.verifyFailed;
const prefixed = (message: string) => (message.startsWith(FAILED) ? message : `${FAILED}: ${message}`);

/** The caller's renewal (staff: anyone's); 404 otherwise. */
async function visibleRenewal(ctx: ServiceCtx, id: string) {
  const user = signedIn(ctx);
  const row = await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, id)).get();
  if (!row || row.kind !== 'membership' || (row.userId !== user.id && !isAdminCapable(user.role)))
    throw notFound(ENROLLMENT_MESSAGES.notFound);
  return row;
}

/**
 * POST /verify-payment: the gateway's proof for an enrolment or a renewal, settled in one batch. The same
 * proof again answers the same and changes nothing; every failure starts 'Payment verification failed'.
 */
export async function verifyMembershipPayment(ctx: ServiceCtx, { enrollmentId, renewalId, ...proof }: VerifyMembershipPaymentInput) {
  const renewal = renewalId ? await visibleRenewal(ctx, renewalId) : null;
  const enrollment = await visibleEnrollment(ctx, renewal?.enrollmentId ?? enrollmentId!);
  let result;
  try {
    result = await verifyPurchasePayment(ctx, {
      purchaseType: renewal ? 'membership_renewal' : 'membership',
      purchaseId: renewal?.id ?? enrollment.row.id,
      proof,
    });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw new AppError(err.code, prefixed(err.message));
    throw err;
  }
  if (!result.purchasePaid) throw conflict(`${FAILED}: the membership was no longer awaiting payment, so the payment was refunded`);
  const fresh = renewal ? await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, renewal.id)).get() : null;
  return {
    enrollment: await enrollmentView(ctx.db, enrollment.row.id),
    ...(fresh ? { renewal: serializeRenewal(fresh) } : {}),
    payment: serializePayment(result.payment),
  };
}
