import { and, eq } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { enrollmentTotals, percentToBp, planDiscountCents, type EnrollmentTotals } from '#core/enrollments/pricing.ts';
import { fromCents } from '#core/money.ts';
import { membershipPlans, memberships, type MembershipPlanRow, type MembershipRow } from '#db/schema/index.ts';
import { badRequest } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { guardCouponGuessing } from '#worker/lib/coupon-guard.ts';
import { membershipCoupon, type MembershipCouponView } from './membership-purchases.coupon.ts';

export type PricedMembership = {
  membership: MembershipRow;
  plan: MembershipPlanRow;
  totals: EnrollmentTotals;
  coupon: MembershipCouponView | null;
  calculation: { discountAmount: number; finalAmount: number; originalAmount: number; savings: number } | null;
};

/** An active plan of an active membership; anything else is 400 in the spec's words. */
export async function activePlan(ctx: ServiceCtx, membershipId: string, planId: string) {
  const row = await ctx.db
    .select({ membership: memberships, plan: membershipPlans })
    .from(membershipPlans)
    .innerJoin(memberships, eq(memberships.id, membershipPlans.membershipId))
    .where(and(eq(membershipPlans.id, planId), eq(membershipPlans.membershipId, membershipId)))
    .get();
  if (!row || !row.membership.isActive || !row.plan.isActive) throw badRequest(ENROLLMENT_MESSAGES.membershipUnavailable);
  return row;
}

/**
 * Spec 9: plan price − (coupon discount + the plan's own discount) + GST at the plan's rate, never below 0,
 * from the database only. The coupon (category membership) is checked by the coupons feature for this
 * caller and applies to what is left after the plan's discount.
 */
export async function pricePlan(
  ctx: ServiceCtx,
  { membership, plan }: { membership: MembershipRow; plan: MembershipPlanRow },
  code: string | undefined,
  userId: string | null,
): Promise<PricedMembership> {
  const discountCents = planDiscountCents(plan);
  const base = plan.priceCents - discountCents;
  const checked = code ? await membershipCoupon(ctx, code, base, userId) : null;
  const couponDiscountCents = checked?.discountCents ?? 0;
  const totals = enrollmentTotals({
    priceCents: plan.priceCents,
    discountCents,
    couponDiscountCents,
    gstRateBp: percentToBp(plan.gstRate),
  });
  return { membership, plan, totals, coupon: checked?.coupon ?? null, calculation: checked?.calculation ?? null };
}

/** The spec 7 totals block, in decimals. */
export const totalsView = (t: EnrollmentTotals) => ({
  planPrice: fromCents(t.priceCents),
  discountAmount: fromCents(t.discountCents),
  couponDiscount: fromCents(t.couponDiscountCents),
  gstAmount: fromCents(t.gstCents),
  totalAmount: fromCents(t.totalCents),
});

/** POST /validate-coupon: the coupon's calculation and the membership's totals with it, taking nothing. */
export async function validateMembershipCoupon(
  ctx: ServiceCtx,
  { couponCode, membershipId, planId }: { couponCode: string; membershipId: string; planId: string },
) {
  await guardCouponGuessing(ctx);
  const priced = await pricePlan(ctx, await activePlan(ctx, membershipId, planId), couponCode, ctx.user?.id ?? null);
  return { coupon: priced.coupon, calculation: priced.calculation, totals: totalsView(priced.totals) };
}
