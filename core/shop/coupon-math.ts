import { fromCents } from '#core/money.ts';
import { COUPON_MESSAGES, type CouponCategory, type DiscountType, type PurchaseCategory, wrongCategoryMessage } from './shop-options.ts';

/** What decides a coupon's discount and whether it applies; `discountValue` is bp (percentage) or cents (fixed). */
export type CouponTerms = {
  discountType: DiscountType;
  discountValue: number;
  category: CouponCategory;
  minAmountCents: number;
  maxDiscountCents: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  isActive: boolean;
};

/** How the coupon has been used so far: live (reserved or confirmed) uses, in all and by this caller. */
export type CouponUsage = { used: number; usedByUser: number };

/** The discount on an amount: a percentage rounded to cents or a fixed amount, capped by maxDiscount and the amount. */
export function couponDiscountCents(
  terms: Pick<CouponTerms, 'discountType' | 'discountValue' | 'maxDiscountCents'>,
  amountCents: number,
): number {
  const raw = terms.discountType === 'percentage' ? Math.round((amountCents * terms.discountValue) / 10_000) : terms.discountValue;
  const capped = terms.maxDiscountCents != null ? Math.min(raw, terms.maxDiscountCents) : raw;
  return Math.max(0, Math.min(capped, amountCents));
}

/** Spec 8: the reason a coupon cannot be used for this amount and purchase, in the order a buyer can act on. */
export function couponRefusal(
  terms: CouponTerms,
  { amountCents, category, now, usage }: { amountCents: number; category: PurchaseCategory; now: Date; usage: CouponUsage },
): string | null {
  if (!terms.isActive) return COUPON_MESSAGES.inactive;
  if (terms.validUntil && now.getTime() > terms.validUntil.getTime()) return COUPON_MESSAGES.expired;
  if (terms.validFrom && now.getTime() < terms.validFrom.getTime()) return COUPON_MESSAGES.notYetValid;
  if (terms.category !== 'all' && terms.category !== category) return wrongCategoryMessage(category);
  if (terms.usageLimit != null && usage.used >= terms.usageLimit) return COUPON_MESSAGES.usageLimit;
  if (terms.perUserLimit != null && usage.usedByUser >= terms.perUserLimit) return COUPON_MESSAGES.usageLimit;
  if (amountCents < terms.minAmountCents) return COUPON_MESSAGES.minAmount;
  return null;
}

/** Spec 7 validate's `calculation`, in cents (the API sends them as decimals). */
export function couponCalculation(terms: CouponTerms, amountCents: number) {
  const discountCents = couponDiscountCents(terms, amountCents);
  return { discountCents, finalCents: amountCents - discountCents, originalCents: amountCents, savingsCents: discountCents };
}

/** The same calculation as the API sends it (decimals): validate's `calculation`. */
export function couponCalculationView(terms: CouponTerms, amountCents: number) {
  const calc = couponCalculation(terms, amountCents);
  return {
    discountAmount: fromCents(calc.discountCents),
    finalAmount: fromCents(calc.finalCents),
    originalAmount: fromCents(calc.originalCents),
    savings: fromCents(calc.savingsCents),
  };
}
