import { eq } from 'drizzle-orm';
import { courseTotals } from '#core/enrollments/course-pricing.ts';
import type { CoursePriceInput } from '#core/enrollments/course-schemas.ts';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { coursePriceCents } from '#core/enrollments/pricing.ts';
import type { CoursePriceView } from '#core/enrollments/views.ts';
import { fromCents } from '#core/money.ts';
import { coupons, courses } from '#db/schema/index.ts';
import { usableCoupon } from '#worker/lib/coupon-uses.ts';
import { notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { serializeCoupon } from './coupons.serialize.ts';

/**
 * POST /api/coupons/course-price: what an enrolment in the course would cost with the coupon (the same
 * courseTotals the enrolment is priced with). Takes nothing: the use is taken when the enrolment is made.
 */
export async function coursePrice(ctx: ServiceCtx, input: CoursePriceInput): Promise<CoursePriceView> {
  const [found, couponRows] = await ctx.db.batch([
    ctx.db.select().from(courses).where(eq(courses.id, input.courseId)),
    ctx.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, input.couponCode ?? '')),
  ]);
  const course = found[0];
  if (!course || !course.isActive) throw notFound(ENROLLMENT_MESSAGES.courseUnavailable);
  const coupon = input.couponCode ? couponRows[0] : undefined;
  let shown: CoursePriceView['coupon'] = null;
  if (input.couponCode) {
    const { usage } = await usableCoupon(ctx.db, coupon, {
      amountCents: coursePriceCents(course),
      category: 'course',
      userId: ctx.user?.id ?? null,
    });
    const { code, discountType, discountValue } = serializeCoupon(coupon!, usage.used);
    shown = { code, discountType, discountValue };
  }
  const totals = courseTotals(course, coupon ?? null);
  return {
    courseId: course.id,
    coursePrice: fromCents(totals.priceCents),
    discountAmount: fromCents(totals.couponDiscountCents),
    gstAmount: fromCents(totals.gstCents),
    finalAmount: fromCents(totals.totalCents),
    currency: course.currency,
    coupon: shown,
  };
}
