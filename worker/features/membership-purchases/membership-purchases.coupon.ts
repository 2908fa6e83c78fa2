import { eq, sql } from 'drizzle-orm';
import type { EnrollmentTotals } from '#core/enrollments/pricing.ts';
import type { Db } from '#db/client.ts';
import { fromCents } from '#core/money.ts';
import { bpToPercent } from '#core/shop/cart-totals.ts';
import { couponCalculationView, couponDiscountCents } from '#core/shop/coupon-math.ts';
import { couponUses, coupons, type enrollmentRenewals, type membershipEnrollments } from '#db/schema/index.ts';
import { takeCouponUse, usableCoupon } from '#worker/lib/coupon-uses.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** The coupon as a buyer sees it beside a membership price. */
export type MembershipCouponView = {
  _id: string;
  code: string;
  description: string | null;
  discountType: string;
  discountValue: number;
  category: string;
};

/**
 * A membership coupon checked for this caller and amount with the shop's rules (core/shop/coupon-math.ts),
 * its discount in cents, or the spec 8 refusal (404 unknown, 400 otherwise).
 */
export async function membershipCoupon(ctx: ServiceCtx, code: string, amountCents: number, userId: string | null) {
  const found = await ctx.db.select().from(coupons).where(eq(coupons.code, code)).get();
  const { coupon: row } = await usableCoupon(ctx.db, found, { amountCents, category: 'membership', userId });
  const discountCents = couponDiscountCents(row, amountCents);
  const coupon: MembershipCouponView = {
    _id: row.id,
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    discountValue: row.discountType === 'percentage' ? bpToPercent(row.discountValue) : fromCents(row.discountValue),
    category: row.category,
  };
  return {
    coupon,
    discountCents,
    calculation: couponCalculationView(row, amountCents),
  };
}

/**
 * The coupon use of a purchase (or renewal) written by a conditional INSERT … WHERE, in its batch: taken,
 * and dropped again in the same batch when no row `id` was written in `table` (a duplicate purchase, a
 * renewal of an enrolment that moved on).
 */
export function membershipCouponUse(
  db: Db,
  use: {
    couponId: string;
    userId: string;
    purchaseType: 'membership' | 'membership_renewal';
    purchaseId: string;
    totals: EnrollmentTotals;
  },
  table: typeof membershipEnrollments | typeof enrollmentRenewals,
) {
  const { totals, ...rest } = use;
  return [
    takeCouponUse(db, {
      ...rest,
      category: 'membership',
      amountCents: totals.priceCents - totals.discountCents,
      discountCents: totals.couponDiscountCents,
    }),
    db
      .delete(couponUses)
      .where(
        sql`${couponUses.purchaseType} = ${use.purchaseType} and ${couponUses.purchaseId} = ${use.purchaseId} and not exists (select 1 from ${table} where ${table.id} = ${use.purchaseId})`,
      ),
  ] as const;
}
