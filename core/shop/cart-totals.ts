/**
 * Spec 9 cart maths, the one function the cart, the checkout and POST /orders all use:
 * GST per line = rate % of the discounted line amount, rounded to cents; the coupon discount is shared
 * in proportion across lines (largest remainder, so the shares add up to it exactly); shipping = fee ×
 * quantity (then the school's optional per-order cap and free-shipping threshold, shared back over the
 * lines); total = discounted subtotal + GST + shipping, never below 0. All amounts are integer cents.
 */
import { orderShippingCents, NO_SHIPPING_RULES, type ShippingRules } from './shipping.ts';

export type TotalsLine = {
  unitCents: number;
  quantity: number;
  /** Basis points: 13% = 1300. */
  gstRateBp: number;
  shippingFeeCents: number;
};

export type LineTotals = { subtotalCents: number; discountCents: number; gstCents: number; shippingCents: number; totalCents: number };

export type CartTotals = LineTotals & { lines: LineTotals[] };

/** Splits `amount` over `weights` in proportion, in whole cents that add up to `amount`. */
export function shareInProportion(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** Rate % of an amount in cents, rounded half up to a cent. */
export const gstOf = (amountCents: number, rateBp: number): number => Math.round((amountCents * rateBp) / 10_000);

/** A GST rate as the spec's percent (13, 12.5) ⇄ basis points. */
export const percentToBp = (percent: number): number => Math.round(percent * 100);
export const bpToPercent = (bp: number): number => bp / 100;

export function cartTotals(lines: readonly TotalsLine[], couponDiscountCents = 0, shipping: ShippingRules = NO_SHIPPING_RULES): CartTotals {
  const subtotals = lines.map((l) => l.unitCents * l.quantity);
  const subtotalCents = subtotals.reduce((a, b) => a + b, 0);
  const discountCents = Math.min(Math.max(0, Math.round(couponDiscountCents)), subtotalCents);
  const shares = shareInProportion(discountCents, subtotals);
  const perItem = lines.map((l) => l.shippingFeeCents * l.quantity);
  const shippingTotal = orderShippingCents(perItem, subtotalCents - discountCents, shipping);
  const shippingShares = shippingTotal === perItem.reduce((a, b) => a + b, 0) ? perItem : shareInProportion(shippingTotal, perItem);
  const out: LineTotals[] = lines.map((l, i) => {
    const discounted = subtotals[i]! - shares[i]!;
    const gstCents = gstOf(discounted, l.gstRateBp);
    const shippingCents = shippingShares[i]!;
    return {
      subtotalCents: subtotals[i]!,
      discountCents: shares[i]!,
      gstCents,
      shippingCents,
      totalCents: discounted + gstCents + shippingCents,
    };
  });
  const gstCents = out.reduce((a, l) => a + l.gstCents, 0);
  const shippingCents = out.reduce((a, l) => a + l.shippingCents, 0);
  const totalCents = Math.max(0, subtotalCents - discountCents + gstCents + shippingCents);
  return { lines: out, subtotalCents, discountCents, gstCents, shippingCents, totalCents };
}
