import { COUPON_MESSAGES } from '#core/shop/shop-options.ts';
import type { CouponCalculationView, CouponView } from '#core/shop/views.ts';
import { api } from './api.ts';
import type { AppliedCoupon } from './cart.ts';
import { couponFailure } from './coupon-errors.ts';

/** POST /api/coupons/validate for the cart's amount; the applied coupon (spec 3 fields) or the spec 8 reason. */
export async function checkCoupon(code: string, amountCents: number): Promise<{ coupon: AppliedCoupon } | { error: string }> {
  const trimmed = code.trim().toUpperCase();
  if (!trimmed) return { error: COUPON_MESSAGES.invalidCode };
  if (amountCents <= 0) return { error: COUPON_MESSAGES.emptyCart };
  try {
    const body = await api<{ coupon: CouponView; calculation: CouponCalculationView }>('/coupons/validate', {
      method: 'POST',
      body: { code: trimmed, amount: amountCents / 100, category: 'shop' },
    });
    const coupon = (body.coupon ?? body.data?.coupon) as CouponView | undefined;
    const calc = (body.calculation ?? body.data?.calculation) as CouponCalculationView | undefined;
    if (!coupon || !calc) return { error: COUPON_MESSAGES.invalidCode };
    return {
      coupon: {
        code: coupon.code,
        discountAmount: calc.discountAmount,
        discountType: coupon.discountType ?? 'fixed',
        discountValue: coupon.discountValue,
        appliedAt: new Date().toISOString(),
        maxDiscount: coupon.maxDiscount,
        minAmount: coupon.minAmount,
        finalAmount: calc.finalAmount,
        originalAmount: calc.originalAmount,
        savings: calc.savings,
        description: coupon.description,
      },
    };
  } catch (err) {
    return { error: couponFailure(err) };
  }
}
