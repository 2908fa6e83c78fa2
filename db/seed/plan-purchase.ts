import { enrollmentTotals, percentToBp, planDiscountCents } from '#core/enrollments/pricing.ts';
import { DEMO_MEMBERSHIPS, DEMO_PLANS } from './catalog.ts';

/**
 * A demo plan as a membership enrolment records it, priced as checkout prices it (no coupon): the plan, its
 * totals, and the enrolment's columns for them (the plan and membership it copies, and the amounts).
 */
export function planPurchase(planId: string) {
  const plan = DEMO_PLANS.find((p) => p.id === planId)!;
  const membership = DEMO_MEMBERSHIPS.find((m) => m.id === plan.membershipId)!;
  const totals = enrollmentTotals({
    priceCents: plan.priceCents,
    discountCents: planDiscountCents({ priceCents: plan.priceCents, discountPriceCents: plan.discountPriceCents ?? null }),
    couponDiscountCents: 0,
    gstRateBp: percentToBp(plan.gstRate ?? 0),
  });
  const columns = {
    membershipId: membership.id!,
    planId: plan.id!,
    membershipName: membership.name,
    planName: plan.name,
    durationMonths: plan.durationMonths,
    planPriceCents: totals.priceCents,
    discountCents: totals.discountCents,
    couponDiscountCents: 0,
    gstCents: totals.gstCents,
    totalCents: totals.totalCents,
  };
  return { plan, totals, columns };
}
