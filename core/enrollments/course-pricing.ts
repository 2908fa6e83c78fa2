/** A course enrolment's money from the course and an accepted coupon (spec 9), in cents: one function for create, renew and the price preview. */
import { couponDiscountCents, type CouponTerms } from '#core/shop/coupon-math.ts';
import { coursePriceCents, enrollmentTotals, type EnrollmentTotals } from './pricing.ts';

export type CoursePriceSource = { priceCents: number | null; discountPriceCents: number | null; gstRateBp: number };

/** Course price used (discountPrice, else price, else 0) − the coupon's discount on it + GST at the course's rate on what is left. */
export function courseTotals(
  course: CoursePriceSource,
  coupon: Pick<CouponTerms, 'discountType' | 'discountValue' | 'maxDiscountCents'> | null,
): EnrollmentTotals {
  const priceCents = coursePriceCents(course);
  return enrollmentTotals({
    priceCents,
    couponDiscountCents: coupon ? couponDiscountCents(coupon, priceCents) : 0,
    gstRateBp: course.gstRateBp,
  });
}
