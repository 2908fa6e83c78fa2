import { eq } from 'drizzle-orm';
import type { VerifyEnrollmentPaymentInput } from '#core/enrollments/course-schemas.ts';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { enrollmentRenewals } from '#db/schema/index.ts';
import { AppError, conflict, notFound } from '#worker/lib/errors.ts';
import { verifyPurchasePayment } from '#worker/lib/payments/records.ts';
import { serializePayment } from '#worker/lib/payments/serialize.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { enrollmentView, visibleEnrollment } from './enrollments.queries.ts';
import { serializeRenewal } from '#worker/lib/enrollment-views.ts';

export const VERIFY_FAILED = 'Payment verification failed';
const prefixed = (message: string) => (message.startsWith(VERIFY_FAILED) ? message : `${VERIFY_FAILED}: ${message}`);

/** The enrolment the proof is for: a renewal's own enrolment, which must be the caller's (or staff). */
async function purchaseOf(ctx: ServiceCtx, input: VerifyEnrollmentPaymentInput) {
  if (input.renewalId) {
    const renewal = await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, input.renewalId)).get();
    if (!renewal || renewal.kind !== 'course') throw notFound(ENROLLMENT_MESSAGES.notFound);
    await visibleEnrollment(ctx, renewal.enrollmentId);
    return { purchaseType: 'course_renewal' as const, purchaseId: renewal.id, enrollmentId: renewal.enrollmentId };
  }
  const found = await visibleEnrollment(ctx, input.enrollmentId!);
  return { purchaseType: 'course_enrollment' as const, purchaseId: found.enrollment.id, enrollmentId: found.enrollment.id };
}

/**
 * POST /api/enroll/verify-payment: the gateway's proof, settled in one batch (payment, enrolment or
 * renewal, coupon use). The same proof again answers the same and changes nothing.
 */
export async function verifyEnrollmentPayment(ctx: ServiceCtx, input: VerifyEnrollmentPaymentInput) {
  const { purchaseType, purchaseId, enrollmentId } = await purchaseOf(ctx, input);
  const proof = { sessionId: input.sessionId, paymentId: input.paymentId, signature: input.signature };
  let result;
  try {
    result = await verifyPurchasePayment(ctx, { purchaseType, purchaseId, proof });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw new AppError(err.code, prefixed(err.message));
    throw err;
  }
  if (!result.purchasePaid) throw conflict(`${VERIFY_FAILED}: the enrollment was no longer awaiting payment, so the payment was refunded`);
  const renewal =
    purchaseType === 'course_renewal'
      ? await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, purchaseId)).get()
      : undefined;
  return {
    enrollment: await enrollmentView(ctx.db, enrollmentId),
    ...(renewal ? { renewal: serializeRenewal(renewal) } : {}),
    payment: serializePayment(result.payment),
  };
}
