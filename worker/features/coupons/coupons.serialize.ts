import { fromCents } from '#core/money.ts';
import { bpToPercent } from '#core/shop/cart-totals.ts';
import type { CouponTerms } from '#core/shop/coupon-math.ts';
import type { CouponView } from '#core/shop/views.ts';
import type { CouponRow } from '#db/schema/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Spec 3 Coupon: a percentage as a percent, a fixed value and the limits in decimals. */
export function serializeCoupon(row: CouponRow, usedCount: number): CouponView {
  return {
    _id: row.id,
    id: row.id,
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    discountValue: row.discountType === 'percentage' ? bpToPercent(row.discountValue) : fromCents(row.discountValue),
    category: row.category,
    minAmount: fromCents(row.minAmountCents),
    maxDiscount: row.maxDiscountCents == null ? null : fromCents(row.maxDiscountCents),
    validFrom: iso(row.validFrom),
    validUntil: iso(row.validUntil),
    usageLimit: row.usageLimit,
    perUserLimit: row.perUserLimit,
    usedCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const termsOf = (row: CouponRow): CouponTerms => ({
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
