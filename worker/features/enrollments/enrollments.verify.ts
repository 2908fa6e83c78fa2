import { eq } from 'drizzle-orm';
import type { VerifyEnrollmentPaymentInput } from '#core/enrollments/course-schemas.ts';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { enrollmentRenewals } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { verifyProof } from '#worker/lib/payments/verify.ts';
import { serializePayment } from '#worker/lib/payments/serialize.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { enrollmentView, visibleEnrollment } from './enrollments.queries.ts';
import { serializeRenewal } from '#worker/lib/enrollment-views.ts';
import { courseSettlements } from './enrollments.settlement.ts';

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
  const result = await verifyProof(ctx, courseSettlements[purchaseType]!, { purchaseType, purchaseId }, proof, 'enrollment');
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
