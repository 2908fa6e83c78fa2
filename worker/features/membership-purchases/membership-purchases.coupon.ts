import { eq } from 'drizzle-orm';
import { fromCents } from '#core/money.ts';
import { bpToPercent } from '#core/shop/cart-totals.ts';
import { couponCalculation, couponRefusal, type CouponTerms } from '#core/shop/coupon-math.ts';
import { COUPON_MESSAGES } from '#core/shop/shop-options.ts';
import { coupons, type CouponRow } from '#db/schema/index.ts';
import { couponUsage } from '#worker/lib/coupon-uses.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
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

const termsOf = (row: CouponRow): CouponTerms => ({
  discountType: row.discountType,
  discountValue: row.discountValue,
  category: row.category,
  minAmountCents: row.minAmountCents,
  maxDiscountCents: row.maxDiscountCents,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  usageLimit: row.usageLimit,
  perUserLimit: row.perUserLimit,
  isActive: row.isActive,
});

/**
 * A membership coupon checked for this caller and amount with the shop's rules (core/shop/coupon-math.ts),
 * its discount in cents, or the spec 8 refusal (404 unknown, 400 otherwise).
 */
export async function membershipCoupon(ctx: ServiceCtx, code: string, amountCents: number, userId: string | null) {
  const row = await ctx.db.select().from(coupons).where(eq(coupons.code, code)).get();
  if (!row) throw notFound(COUPON_MESSAGES.notFound);
  const usage = await couponUsage(ctx.db, row.id, userId);
  const refusal = couponRefusal(termsOf(row), { amountCents, category: 'membership', now: new Date(), usage });
  if (refusal) throw badRequest(refusal);
  const calc = couponCalculation(termsOf(row), amountCents);
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
    discountCents: calc.discountCents,
    calculation: {
      discountAmount: fromCents(calc.discountCents),
      finalAmount: fromCents(calc.finalCents),
      originalAmount: fromCents(calc.originalCents),
      savings: fromCents(calc.savingsCents),
    },
  };
}

/** Checking codes is cheap to script: the same per-address budget as the coupons' own validate. */
export const guardCouponGuessing = (ctx: ServiceCtx) =>
  enforceRateLimits(
    ctx.db,
    [{ key: `coupon:ip:${ctx.ip}`, limit: ctx.config.rateLimits.RATE_LIMIT_COUPON_IP }],
    'Too many coupon checks. Please try again later.',
  );
