/** What an enrolment costs, in cents; the server prices from the database with these, the browser previews with them. */

export type EnrollmentTotals = {
  /** The list price (course price used, or the plan's price). */
  priceCents: number;
  /** The plan's own reduction (price − discount price); 0 for courses, whose discount price is already the price used. */
  discountCents: number;
  couponDiscountCents: number;
  gstCents: number;
  totalCents: number;
};

/** GST in basis points of what is left after every discount, rounded to cents (as the cart's lines). */
const gstOn = (amountCents: number, gstRateBp: number) => Math.round((Math.max(0, amountCents) * gstRateBp) / 10_000);

/**
 * Spec 9 membership total: plan price − (coupon discount + discount amount) + GST, never below 0.
 * Courses use it with `discountCents` 0. `couponDiscount` is computed by the caller on `price − discount`.
 */
export function enrollmentTotals(input: {
  priceCents: number;
  discountCents?: number;
  couponDiscountCents: number;
  gstRateBp: number;
}): EnrollmentTotals {
  const discountCents = Math.max(0, Math.min(input.discountCents ?? 0, input.priceCents));
  const couponDiscountCents = Math.max(0, Math.min(input.couponDiscountCents, input.priceCents - discountCents));
  const taxable = input.priceCents - discountCents - couponDiscountCents;
  const gstCents = gstOn(taxable, input.gstRateBp);
  return {
    priceCents: input.priceCents,
    discountCents,
    couponDiscountCents,
    gstCents,
    totalCents: Math.max(0, input.priceCents - (couponDiscountCents + discountCents) + gstCents),
  };
}

/** A plan's own reduction: price − discount price when a discount price is set. */
export const planDiscountCents = (plan: { priceCents: number; discountPriceCents: number | null }): number =>
  plan.discountPriceCents != null ? Math.max(0, plan.priceCents - plan.discountPriceCents) : 0;

/** Membership plans keep GST as a percent (13, 12.5); enrolments compute in basis points. */
export const percentToBp = (percent: number) => Math.round(percent * 100);
