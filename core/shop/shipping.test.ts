import { describe, expect, it } from 'vitest';
import { formatMoney } from '#core/money.ts';
import { cartTotals, type TotalsLine } from './cart-totals.ts';
import { NO_SHIPPING_RULES, orderShippingCents, shippingNote } from './shipping.ts';

const guards: TotalsLine = { unitCents: 1500, quantity: 60, gstRateBp: 1200, shippingFeeCents: 200 };
const belt: TotalsLine = { unitCents: 2500, quantity: 1, gstRateBp: 1200, shippingFeeCents: 500 };

describe('shipping rules (spec 9 fee × quantity, then the school cap and threshold)', () => {
  it('keeps spec 9 when both are off (the default): 60 mouth guards ship for $120', () => {
    expect(cartTotals([guards]).shippingCents).toBe(12_000);
    expect(orderShippingCents([12_000, 500], 0, NO_SHIPPING_RULES)).toBe(12_500);
  });

  it('caps shipping per order and shares the capped amount over the lines so they still add up', () => {
    const t = cartTotals([guards, belt], 0, { capCents: 2500, freeOverCents: null });
    expect(t.shippingCents).toBe(2500);
    expect(t.lines.map((l) => l.shippingCents).reduce((a, b) => a + b, 0)).toBe(2500);
    expect(t.totalCents).toBe(t.subtotalCents + t.gstCents + 2500);
    expect(t.lines.reduce((a, l) => a + l.totalCents, 0)).toBe(t.totalCents);
  });

  it('ships free from the threshold on, measured on the goods after the coupon', () => {
    const rules = { capCents: null, freeOverCents: 5000 };
    expect(cartTotals([belt, belt], 0, rules).shippingCents).toBe(0); // 50.00 ≥ 50.00
    expect(cartTotals([belt, belt], 1, rules).shippingCents).toBe(1000); // 49.99 after the coupon
    expect(cartTotals([belt], 0, rules).shippingCents).toBe(500);
  });

  it('never ships for more than the fees add up to, whatever the cap', () => {
    expect(orderShippingCents([300], 0, { capCents: 10_000, freeOverCents: null })).toBe(300);
    expect(orderShippingCents([300], 0, { capCents: 0, freeOverCents: null })).toBe(0);
  });

  it('says the rules in words for the checkout', () => {
    expect(shippingNote(NO_SHIPPING_RULES, formatMoney)).toBe('');
    expect(shippingNote({ capCents: 2500, freeOverCents: 10_000 }, formatMoney)).toBe(
      'Free shipping on orders of $100.00 or more. Shipping at most $25.00 per order.',
    );
  });
});
