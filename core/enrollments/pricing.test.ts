import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { effectiveCourseCents as coursePriceCents } from '#core/money.ts';
import { enrollmentTotals, planDiscountCents } from './pricing.ts';

describe('enrolment pricing', () => {
  it('uses discountPrice, else price, else 0', () => {
    expect(coursePriceCents({ priceCents: 12_000, discountPriceCents: 9_900 })).toBe(9_900);
    expect(coursePriceCents({ priceCents: 12_000, discountPriceCents: null })).toBe(12_000);
    expect(coursePriceCents({ priceCents: 12_000, discountPriceCents: 0 })).toBe(12_000);
    expect(coursePriceCents({ priceCents: null, discountPriceCents: null })).toBe(0);
  });

  it('totals a membership as price − (coupon + discount) + GST on what is left', () => {
    const plan = { priceCents: 60_000, discountPriceCents: 50_000 };
    const t = enrollmentTotals({ priceCents: 60_000, discountCents: planDiscountCents(plan), couponDiscountCents: 5_000, gstRateBp: 1300 });
    expect(t).toEqual({ priceCents: 60_000, discountCents: 10_000, couponDiscountCents: 5_000, gstCents: 5_850, totalCents: 50_850 });
  });

  it('never goes below 0 and never discounts more than the price', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(20_000_000), fc.nat(20_000_000), fc.nat(10_000), (price, discount, coupon, bp) => {
        const t = enrollmentTotals({ priceCents: price, discountCents: discount, couponDiscountCents: coupon, gstRateBp: bp });
        expect(t.totalCents).toBeGreaterThanOrEqual(0);
        expect(t.discountCents + t.couponDiscountCents).toBeLessThanOrEqual(price);
        expect(t.totalCents).toBe(price - t.discountCents - t.couponDiscountCents + t.gstCents);
      }),
    );
  });
});
