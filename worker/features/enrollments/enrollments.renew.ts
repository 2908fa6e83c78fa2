import { eq } from 'drizzle-orm';
import type { RenewCourseEnrollmentInput } from '#core/enrollments/course-schemas.ts';
import { COURSE_MOVES, ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import type { CourseEnrollmentView, EnrollmentCheckout } from '#core/enrollments/views.ts';
import { newId } from '#core/ids.ts';
import { enrollmentRenewals, type EnrollmentRenewalRow } from '#db/schema/index.ts';
import { couponRefusedError, takeCouponUse } from '#worker/lib/coupon-uses.ts';
import { badRequest, conflict } from '#worker/lib/errors.ts';
import { courseRenewalSettlement } from './enrollments.settlement.ts';
import { schoolCurrency } from '#worker/lib/payments/currency.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { coursePath, GATEWAY_DOWN_NEW, renewalGateway, returnPath } from './enrollments.pay.ts';
import { COURSE } from './enrollments.kind.ts';
import { purchaseValues } from '#worker/lib/enrolment/columns.ts';
import { abandonRenewal } from '#worker/lib/enrolment/renewals.ts';
import { openPayment } from '#worker/lib/payments/open.ts';
import { priceCourse } from './enrollments.pricing.ts';
import { enrollmentView, visibleEnrollment } from './enrollments.queries.ts';
import { serializeRenewal } from '#worker/lib/enrollment-views.ts';

/**
 * POST /api/enroll/:id/renew: the owner's active enrolment gets another term of the course's weeks. The
 * renewal is its own purchase (priced now, its own coupon use and payment); paid, it extends the term
 * from its current end (enrollments.settlement.ts). Nothing to pay: it is settled in the same batch. A guardian
 * renews their child's: the renewal is the child's, the payment the guardian's.
 */
export async function renewEnrollment(
  ctx: ServiceCtx,
  id: string,
  input: RenewCourseEnrollmentInput,
): Promise<EnrollmentCheckout<CourseEnrollmentView> & { renewal: ReturnType<typeof serializeRenewal> }> {
  const user = signedIn(ctx);
  const { enrollment: e, course } = await visibleEnrollment(ctx, id, true);
  if (!(COURSE_MOVES.renew as readonly string[]).includes(e.status)) throw conflict(ENROLLMENT_MESSAGES.cannotRenew(e.status));
  if (!course || course.durationWeeks == null) throw conflict(ENROLLMENT_MESSAGES.notRenewable);
  const { totals, coupon } = await priceCourse(ctx, course.id, input.couponCode, e.userId);
  const free = totals.totalCents === 0;
  const gateway = renewalGateway(ctx, input.paymentMethod, free);
  const at = new Date();
  const renewalId = newId();
  const currency = await schoolCurrency(ctx.db);
  const settle = free ? courseRenewalSettlement.paid(ctx.db, renewalId, at, null) : null;
  const statements = [
    ctx.db
      .insert(enrollmentRenewals)
      .values({
        id: renewalId,
        kind: 'course',
        enrollmentId: e.id,
        userId: e.userId,
        priceCents: totals.priceCents,
        couponDiscountCents: totals.couponDiscountCents,
        ...purchaseValues(totals, coupon, gateway, currency.code, at),
        notes: input.notes,
      })
      .returning(),
    ...(coupon
      ? [
          takeCouponUse(ctx.db, {
            couponId: coupon.id,
            userId: e.userId,
            purchaseType: 'course_renewal',
            purchaseId: renewalId,
            category: 'course',
            amountCents: totals.priceCents,
            discountCents: totals.couponDiscountCents,
          }),
        ]
      : []),
    ...(settle ? [settle.move, ...settle.follow] : []),
  ] as const;
  try {
    await batch(ctx.db, statements);
  } catch (err) {
    throw couponRefusedError(err) ?? err;
  }
  const payment = free
    ? null
    : await openPayment(
        ctx,
        {
          purchaseType: 'course_renewal',
          purchaseId: renewalId,
          userId: user.id,
          amountCents: totals.totalCents,
          currency: currency.code,
          gateway,
          description: `Renewal: ${e.courseTitle}`,
          customerEmail: user.email,
          returnPath: returnPath('renewalId', renewalId),
          cancelPath: coursePath(course.slug),
        },
        { abandon: () => abandonRenewal(ctx, COURSE, renewalId), message: GATEWAY_DOWN_NEW },
      );
  const renewal = (await ctx.db
    .select()
    .from(enrollmentRenewals)
    .where(eq(enrollmentRenewals.id, renewalId))
    .get()) as EnrollmentRenewalRow;
  if (!renewal) throw badRequest(ENROLLMENT_MESSAGES.notFound);
  return { enrollment: await enrollmentView(ctx.db, e.id), renewal: serializeRenewal(renewal), payment };
}
