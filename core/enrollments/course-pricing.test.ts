import { describe, expect, it } from 'vitest';
import { courseTotals } from './course-pricing.ts';

describe('courseTotals', () => {
  const course = { priceCents: 20_000, discountPriceCents: 15_000, gstRateBp: 500 };

  it('prices the discount price, takes the coupon off it and adds GST on the rest', () => {
    const t = courseTotals(course, { discountType: 'percentage', discountValue: 1000, maxDiscountCents: null });
    expect(t).toEqual({ priceCents: 15_000, discountCents: 0, couponDiscountCents: 1_500, gstCents: 675, totalCents: 14_175 });
  });

  it('never discounts below zero and charges no GST on nothing', () => {
    const t = courseTotals(course, { discountType: 'fixed', discountValue: 99_999, maxDiscountCents: null });
    expect(t.totalCents).toBe(0);
    expect(t.gstCents).toBe(0);
  });

  it('is free for a course without a price', () => {
    expect(courseTotals({ priceCents: null, discountPriceCents: null, gstRateBp: 1300 }, null).totalCents).toBe(0);
  });
});
