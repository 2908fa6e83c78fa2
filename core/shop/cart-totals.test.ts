import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bpToPercent, cartTotals, gstOf, percentToBp, shareInProportion, type TotalsLine } from './cart-totals.ts';

const lineArb = fc.record({
  unitCents: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 999 }),
  gstRateBp: fc.integer({ min: 0, max: 10_000 }),
  shippingFeeCents: fc.integer({ min: 0, max: 10_000 }),
});
const cartArb = fc.array(lineArb, { minLength: 1, maxLength: 50 });

describe('cartTotals (spec 9 cart maths)', () => {
  it('prices the spec example: GST per line on the discounted amount, shipping × quantity', () => {
    const lines: TotalsLine[] = [
      { unitCents: 4000, quantity: 2, gstRateBp: 1300, shippingFeeCents: 500 },
      { unitCents: 2000, quantity: 1, gstRateBp: 500, shippingFeeCents: 0 },
    ];
    const t = cartTotals(lines, 1000);
    // the $10 coupon split 8000:2000 → 800 and 200
    expect(t.lines.map((l) => l.discountCents)).toEqual([800, 200]);
    expect(t.lines.map((l) => l.gstCents)).toEqual([936, 90]);
    expect(t).toMatchObject({ subtotalCents: 10_000, discountCents: 1000, gstCents: 1026, shippingCents: 1000, totalCents: 11_026 });
  });

  it('rounds GST half up to the cent', () => {
    expect(gstOf(50, 1300)).toBe(7); // 6.5 → 7
    expect(gstOf(3, 5000)).toBe(2); // 1.5 → 2
    expect(gstOf(1999, 0)).toBe(0);
  });

  it('converts GST percent and basis points both ways', () => {
    expect(percentToBp(12.5)).toBe(1250);
    expect(percentToBp(13)).toBe(1300);
    expect(bpToPercent(1250)).toBe(12.5);
  });

  it('caps the coupon at the subtotal and ignores a negative one', () => {
    const lines = [{ unitCents: 500, quantity: 1, gstRateBp: 1300, shippingFeeCents: 100 }];
    expect(cartTotals(lines, 9999)).toMatchObject({ discountCents: 500, gstCents: 0, totalCents: 100 });
    expect(cartTotals(lines, -300)).toMatchObject({ discountCents: 0, totalCents: 665 });
  });

  it('holds its invariants for any cart and coupon', () => {
    fc.assert(
      fc.property(cartArb, fc.integer({ min: -1000, max: 100_000_000 }), (lines, coupon) => {
        const t = cartTotals(lines, coupon);
        const sum = (k: keyof (typeof t.lines)[number]) => t.lines.reduce((a, l) => a + l[k], 0);
        expect(t.discountCents).toBe(Math.min(Math.max(0, coupon), t.subtotalCents));
        expect(sum('discountCents')).toBe(t.discountCents);
        expect(sum('gstCents')).toBe(t.gstCents);
        expect(sum('shippingCents')).toBe(t.shippingCents);
        expect(sum('totalCents')).toBe(t.totalCents);
        expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.gstCents + t.shippingCents);
        expect(t.totalCents).toBeGreaterThanOrEqual(0);
        t.lines.forEach((l, i) => {
          const line = lines[i]!;
          expect(l.subtotalCents).toBe(line.unitCents * line.quantity);
          expect(l.discountCents).toBeGreaterThanOrEqual(0);
          expect(l.discountCents).toBeLessThanOrEqual(l.subtotalCents);
          expect(l.gstCents).toBe(gstOf(l.subtotalCents - l.discountCents, line.gstRateBp));
          expect(l.shippingCents).toBe(line.shippingFeeCents * line.quantity);
          expect(Number.isInteger(l.totalCents)).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('shareInProportion', () => {
  it('splits an amount in whole cents that add up to it, each within a cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 50 }),
        (amount, weights) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const capped = Math.min(amount, total);
          const shares = shareInProportion(capped, weights);
          if (total === 0) {
            expect(shares.every((s) => s === 0)).toBe(true);
            return;
          }
          expect(shares.reduce((a, b) => a + b, 0)).toBe(capped);
          shares.forEach((s, i) => {
            expect(Number.isInteger(s)).toBe(true);
            expect(Math.abs(s - (capped * weights[i]!) / total)).toBeLessThan(1);
            expect(s).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives the odd cent to the largest remainder, the earlier line on a tie', () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(10, [0, 5, 5])).toEqual([0, 5, 5]);
  });
});
