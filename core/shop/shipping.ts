/**
 * Shipping beyond spec 9's fee × quantity: the school may cap it per order and make it free from an
 * order amount up (Settings → Shop; both off by default, so spec 9's rule holds unchanged).
 */
export type ShippingRules = {
  /** The most one order pays for shipping, in cents; null = no cap. */
  capCents: number | null;
  /** Goods after the coupon at or above this (cents) ship free; null = never free. */
  freeOverCents: number | null;
};

export const NO_SHIPPING_RULES: ShippingRules = { capCents: null, freeOverCents: null };

/** The order's shipping: the per-item fees × quantity summed, then free past the threshold, then capped. */
export function orderShippingCents(perLineCents: readonly number[], goodsCents: number, rules: ShippingRules): number {
  const sum = perLineCents.reduce((a, b) => a + b, 0);
  if (rules.freeOverCents !== null && goodsCents >= rules.freeOverCents) return 0;
  return rules.capCents !== null ? Math.min(sum, rules.capCents) : sum;
}

/** What the checkout says about the rules, e.g. "Free shipping on orders of $100.00 or more. Shipping at most $25.00 per order." */
export function shippingNote(rules: ShippingRules, money: (cents: number) => string): string {
  return [
    rules.freeOverCents !== null ? `Free shipping on orders of ${money(rules.freeOverCents)} or more.` : '',
    rules.capCents !== null ? `Shipping at most ${money(rules.capCents)} per order.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
